/**
 * The app secret signs short-lived cookies and (later) encrypts API tokens at rest. It comes from
 * APP_SECRET, or is generated once into the data folder with owner-only permissions. Several
 * instances sharing one PostgreSQL must be given the same APP_SECRET.
 */
import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export function loadAppSecret(fromEnv: string | null, dataDir: string): string {
  if (fromEnv) return fromEnv;
  const file = join(dataDir, 'app-secret');
  if (existsSync(file)) {
    const stored = readFileSync(file, 'utf8').trim();
    if (stored.length >= 32) return stored;
  }
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600, flag: 'w' });
  chmodSync(file, 0o600);
  return secret;
}
