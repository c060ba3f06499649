import { readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirLockedError extends Error {}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite has no postmaster to stop a second process from opening the same files, and two
 * writers corrupt the database. The first process takes this lock; another one (an API
 * and the CLI at once, say) is refused with a clear message. A lock left by a dead
 * process is taken over.
 */
export function lockDataDir(directory: string): void {
  const lockFile = join(directory, 'clinical-interop.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      process.once('exit', () => {
        try {
          unlinkSync(lockFile);
        } catch {
          // already gone
        }
      });
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number(readFileSync(lockFile, 'utf8'));
      if (holder === process.pid) return;
      if (Number.isInteger(holder) && holder > 0 && isAlive(holder)) {
        throw new DataDirLockedError(
          `The embedded database in ${directory} is in use by process ${holder}. Stop it first (the CLI and the API cannot share an embedded database at the same time), or use the server profile.`,
        );
      }
      unlinkSync(lockFile);
    }
  }
}
