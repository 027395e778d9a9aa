/**
 * PGlite keeps one process's database in a folder and does not guard it: a second process
 * opening the same folder (another app, a backup) would corrupt it. A lock file beside the folder
 * holds the owner's pid; a lock left by a process that died (SIGKILL, power loss) is taken over.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';

export class DataDirInUseError extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function lockOwner(file: string): number | null {
  try {
    return Number.parseInt(readFileSync(file, 'utf8'), 10) || 0;
  } catch {
    return null;
  }
}

/** Takes the lock of `dataDir` for this process; answers its release. */
export function lockDataDir(dataDir: string): () => void {
  const file = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: 0o600 });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = lockOwner(file);
    if (owner === null) continue; // released meanwhile
    // Our own pid in the file is a leftover of an earlier life (pid 1 in a container).
    if (owner > 0 && owner !== process.pid && alive(owner)) {
      throw new DataDirInUseError(
        `it is in use by another process (pid ${owner}). Stop Lifeline first; several instances need DATABASE_URL (PostgreSQL).`,
      );
    }
    rmSync(file, { force: true });
  }
  throw new DataDirInUseError(`could not take its lock file ${file}`);
}
