import { link, mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { isProcessAlive, readProcessStartTime } from './processes.ts';

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';

  constructor(
    readonly pid: number,
    readonly dataDir: string,
  ) {
    super(
      `Another LexPath server (pid ${pid}) is already using DATA_DIR=${dataDir}; stop it or set a different DATA_DIR`,
    );
  }
}

export type DataDirLock = { release: () => Promise<void> };

type LockContent = { pid: number; startTime?: string };

/**
 * Claims `$DATA_DIR/server.lock` for this process: two servers on one embedded PostgreSQL data
 * folder would corrupt it. A lock left by a dead process (kill -9, crash) is taken over.
 */
export async function acquireDataDirLock(dataDir: string): Promise<DataDirLock> {
  await mkdir(dataDir, { recursive: true });
  const file = path.join(dataDir, 'server.lock');
  const mine: LockContent = { pid: process.pid, startTime: readProcessStartTime(process.pid) };

  // Written whole under a private name, then linked into place: link() fails atomically when
  // the lock exists, so of two servers starting at once exactly one wins, and nobody ever
  // reads a half-written lock.
  const draft = `${file}.${process.pid}`;
  await writeFile(draft, `${JSON.stringify(mine)}\n`, { mode: 0o644 });
  try {
    for (let attempt = 0; attempt < 3; attempt += 1) {
      try {
        await link(draft, file);
        return { release: () => releaseLock(file) };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = await readLock(file);
      if (holder && holder.pid !== process.pid && isProcessAlive(holder.pid, holder.startTime)) {
        throw new DataDirInUseError(holder.pid, dataDir);
      }
      await unlink(file).catch(() => undefined);
    }
  } finally {
    await unlink(draft).catch(() => undefined);
  }
  throw new Error(`Could not create ${file}`);
}

async function readLock(file: string): Promise<LockContent | undefined> {
  try {
    const content = JSON.parse(await readFile(file, 'utf8')) as Partial<LockContent>;
    if (typeof content.pid !== 'number') return undefined;
    return { pid: content.pid, ...(content.startTime ? { startTime: content.startTime } : {}) };
  } catch {
    // Unreadable: not a lock this code wrote, treat it as stale.
    return undefined;
  }
}

async function releaseLock(file: string): Promise<void> {
  const holder = await readLock(file);
  if (holder?.pid === process.pid) await unlink(file).catch(() => undefined);
}
