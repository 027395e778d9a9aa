/**
 * Reads an uploaded zip without trusting it. Its central directory is checked first (entry count,
 * declared sizes, paths) without inflating anything; then entries are inflated in small steps
 * while the real output is counted, stopping as soon as a limit is passed, so a zip that lies
 * about its sizes cannot fill memory either.
 */
import { Unzip, UnzipInflate, unzipSync } from 'fflate';
import { IMPORT_LIMITS } from '../../shared/transfer.js';
import { AppError, badRequest } from '../errors.js';
import { cooperative } from './cooperative.js';

export interface ZipEntry {
  path: string;
  bytes: Uint8Array;
}

/** Uncompressed bytes still allowed in this request; shared by all its files. */
export interface ByteBudget {
  remaining: number;
}

const MB = 1024 * 1024;
// At most ~1,000× this per step (deflate's best ratio): a few MB of output at a time.
const STEP_BYTES = 4 * 1024;

export const tooLarge = (label: string) =>
  new AppError(
    413,
    `${label} is too large: one import may hold at most ${IMPORT_LIMITS.totalBytes / MB} MB of uncompressed files.`,
  );
const tooManyEntries = (label: string) =>
  new AppError(
    413,
    `${label} holds more than ${IMPORT_LIMITS.zipEntries.toLocaleString('en')} files; import it in parts.`,
  );
const unreadable = (label: string) =>
  badRequest(`${label} is not a zip file Lifeline can read (damaged or an unsupported format).`);

/**
 * Paths must stay inside the archive: no "..", no root, no drive letter, no backslash; and no NUL,
 * which no title or folder name can hold.
 */
export function isUnsafePath(path: string): boolean {
  return (
    path.includes('\\') ||
    path.includes('\0') ||
    path.startsWith('/') ||
    /^[a-zA-Z]:/.test(path) ||
    path.split('/').some((segment) => segment === '..')
  );
}

function assertSafe(path: string, label: string): void {
  if (isUnsafePath(path)) {
    throw badRequest(
      `${label} contains an unsafe path "${path}": paths may not contain "..", backslashes or NUL characters, or start at the root.`,
    );
  }
}

export async function readZip(
  bytes: Uint8Array,
  label: string,
  budget: ByteBudget,
): Promise<ZipEntry[]> {
  checkDirectory(bytes, label, budget);
  return inflateCounted(bytes, label, budget);
}

function checkDirectory(bytes: Uint8Array, label: string, budget: ByteBudget): void {
  let count = 0;
  let declared = 0;
  try {
    unzipSync(bytes, {
      filter(file) {
        count += 1;
        if (count > IMPORT_LIMITS.zipEntries) throw tooManyEntries(label);
        declared += file.originalSize;
        if (declared > budget.remaining) throw tooLarge(label);
        assertSafe(file.name, label);
        return false; // nothing is inflated in this pass
      },
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw unreadable(label);
  }
}

async function inflateCounted(
  bytes: Uint8Array,
  label: string,
  budget: ByteBudget,
): Promise<ZipEntry[]> {
  const pause = cooperative();
  const entries: ZipEntry[] = [];
  let failure: AppError | null = null;
  let count = 0;
  let inflated = 0;
  const unzip = new Unzip((file) => {
    if (failure) return;
    count += 1;
    if (count > IMPORT_LIMITS.zipEntries) {
      failure = tooManyEntries(label);
      return;
    }
    if (isUnsafePath(file.name)) {
      try {
        assertSafe(file.name, label);
      } catch (error) {
        failure = error as AppError;
      }
      return;
    }
    const chunks: Uint8Array[] = [];
    file.ondata = (error, chunk, final) => {
      if (failure) return;
      if (error) {
        failure = unreadable(label);
        return;
      }
      inflated += chunk.length;
      if (inflated > budget.remaining) {
        failure = tooLarge(label);
        file.terminate();
        return;
      }
      chunks.push(chunk);
      if (final) entries.push({ path: file.name, bytes: concat(chunks) });
    };
    try {
      file.start();
    } catch {
      failure = unreadable(label);
    }
  });
  unzip.register(UnzipInflate);
  try {
    for (let offset = 0; offset < bytes.length && !failure; offset += STEP_BYTES) {
      const end = Math.min(offset + STEP_BYTES, bytes.length);
      unzip.push(bytes.subarray(offset, end), end === bytes.length);
      await pause();
    }
  } catch {
    failure ??= unreadable(label);
  }
  if (failure) throw failure;
  budget.remaining -= inflated;
  return entries;
}

function concat(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1 && chunks[0]) return chunks[0];
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}
