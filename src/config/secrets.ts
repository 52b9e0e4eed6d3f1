import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

export interface GeneratedSecrets {
  sessionSecret: string;
  tokenEncryptionKey: string;
}

/**
 * Secrets for the embedded mode, generated once into DATA_DIR so that restarts keep
 * sessions valid and stored OAuth tokens decryptable.
 */
export function loadOrCreateSecrets(dataDir: string): GeneratedSecrets {
  const file = join(dataDir, 'secrets.json');
  if (existsSync(file)) {
    return JSON.parse(readFileSync(file, 'utf8')) as GeneratedSecrets;
  }
  mkdirSync(dataDir, { recursive: true });
  const secrets: GeneratedSecrets = {
    sessionSecret: randomBytes(32).toString('base64url'),
    tokenEncryptionKey: randomBytes(32).toString('base64'),
  };
  writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
