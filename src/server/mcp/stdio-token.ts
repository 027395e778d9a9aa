/**
 * Where lifeline-mcp takes the API token from: LIFELINE_TOKEN, or the file LIFELINE_TOKEN_FILE
 * names (its content trimmed). Never from the command line, which `ps` shows to every user of the
 * machine and shells keep in their history. A file others may read is refused (see Decisions).
 */
import { readFileSync, statSync } from 'node:fs';

export const TOKEN_ON_COMMAND_LINE =
  'the API token is not taken from the command line, where ps shows it to every user of this machine (and shells keep it in their history); set LIFELINE_TOKEN, or LIFELINE_TOKEN_FILE to a file that holds it';
export const TOKEN_MISSING =
  'no API token: set LIFELINE_TOKEN, or LIFELINE_TOKEN_FILE to a file that holds it (copy the token from API Token in Lifeline)';
export const TOKEN_TWICE =
  'LIFELINE_TOKEN and LIFELINE_TOKEN_FILE are both set; keep the one you mean';

/** Anything a file's owner does not alone have: group or other permission bits. */
const SHARED_BITS = 0o077;

export class TokenSourceError extends Error {}

/** The token from `env`, or a TokenSourceError that tells the user what to do. */
export function tokenFromEnvironment(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform = process.platform,
): string {
  const direct = env.LIFELINE_TOKEN?.trim();
  const file = env.LIFELINE_TOKEN_FILE?.trim();
  if (direct && file) throw new TokenSourceError(TOKEN_TWICE);
  if (direct) return direct;
  if (!file) throw new TokenSourceError(TOKEN_MISSING);
  return tokenFromFile(file, platform);
}

function tokenFromFile(path: string, platform: NodeJS.Platform): string {
  let mode: number;
  let text: string;
  try {
    mode = statSync(path).mode;
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new TokenSourceError(`cannot read LIFELINE_TOKEN_FILE ${path}: ${reason}`);
  }
  // Windows has no such bits (Node reports 0o666 for every file); its ACLs are the user's care.
  if (platform !== 'win32' && (mode & SHARED_BITS) !== 0) {
    throw new TokenSourceError(
      `LIFELINE_TOKEN_FILE ${path} may be read or changed by other users (mode ${(mode & 0o777).toString(8)}); make it yours alone: chmod 600 ${path}`,
    );
  }
  const token = text.trim();
  if (!token) throw new TokenSourceError(`LIFELINE_TOKEN_FILE ${path} is empty`);
  return token;
}
