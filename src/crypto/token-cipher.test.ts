import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createTokenCipher } from './token-cipher';

describe('token cipher', () => {
  const cipher = createTokenCipher(randomBytes(32));

  it('round-trips and never contains the plain text', () => {
    const sealed = cipher.encrypt('ya29.secret-access-token');
    expect(sealed).not.toContain('secret');
    expect(cipher.decrypt(sealed)).toBe('ya29.secret-access-token');
  });

  it('uses a fresh IV each time', () => {
    expect(cipher.encrypt('same')).not.toBe(cipher.encrypt('same'));
  });

  it('refuses tampered ciphertext and the wrong key', () => {
    const sealed = cipher.encrypt('token');
    const parts = sealed.split('.');
    parts[3] = Buffer.from('tampered').toString('base64url');
    expect(() => cipher.decrypt(parts.join('.'))).toThrow();
    expect(() => createTokenCipher(randomBytes(32)).decrypt(sealed)).toThrow();
  });
});
