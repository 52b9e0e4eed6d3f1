import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

export interface GeneratedSecrets {
  sessionSecret: string;
  tokenEncryptionKey: string;
  /** Signs the simulated Stripe's webhook events (used when no Stripe key is set). */
  simulatedWebhookSecret: string;
}

const generators: { [K in keyof GeneratedSecrets]: () => string } = {
  sessionSecret: () => randomBytes(32).toString('base64url'),
  tokenEncryptionKey: () => randomBytes(32).toString('base64'),
  simulatedWebhookSecret: () => `whsec_${randomBytes(32).toString('base64url')}`,
};

/**
 * Secrets for the embedded mode, generated once into DATA_DIR so that restarts keep
 * sessions valid and stored OAuth tokens decryptable. A file from an older version gets the
 * secrets it lacks added; the file is replaced whole, so a reader never sees half of it.
 */
export function loadOrCreateSecrets(dataDir: string): GeneratedSecrets {
  const file = join(dataDir, 'secrets.json');
  const stored = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<GeneratedSecrets>)
    : {};
  const missing = (Object.keys(generators) as (keyof GeneratedSecrets)[]).filter((key) => !stored[key]);
  if (missing.length === 0) return stored as GeneratedSecrets;
  const secrets = { ...stored } as GeneratedSecrets;
  for (const key of missing) secrets[key] = generators[key]();
  mkdirSync(dataDir, { recursive: true });
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  renameSync(partial, file);
  return secrets;
}
