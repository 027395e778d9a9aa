/**
 * API tokens at rest: a SHA-256 hash to find the owner, and an AES-256-GCM copy (key derived from
 * the app secret by HKDF-SHA-256) so the owner can see the token again. Neither is usable as a token.
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';

export const TOKEN_PREFIX = 'll_';
/** 256 random bits, base64url: 43 characters after the prefix. */
const TOKEN_PATTERN = /^ll_[A-Za-z0-9_-]{43}$/;
const VERSION = 'v1';

export const newApiToken = () => TOKEN_PREFIX + randomBytes(32).toString('base64url');

export const looksLikeApiToken = (value: string) => TOKEN_PATTERN.test(value);

export const hashApiToken = (token: string) =>
  createHash('sha256').update(token, 'utf8').digest('hex');

export function tokenKey(appSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, '', 'lifeline api-token encryption v1', 32));
}

export function encryptApiToken(key: Buffer, token: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The token, or null when the copy was made under another app secret or was altered. */
export function decryptApiToken(key: Buffer, stored: string): string | null {
  const [version, iv, tag, sealed] = stored.split('.');
  if (version !== VERSION || !iv || !tag || sealed === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const plain = Buffer.concat([
      decipher.update(Buffer.from(sealed, 'base64url')),
      decipher.final(),
    ]);
    return plain.toString('utf8');
  } catch {
    return null;
  }
}
