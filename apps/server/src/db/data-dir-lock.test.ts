import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPOSITORY_ROOT } from '../config.ts';
import { acquireDataDirLock, DataDirInUseError } from './data-dir-lock.ts';

let scratch: string;

beforeAll(async () => {
  await mkdir(path.join(REPOSITORY_ROOT, '.test-data'), { recursive: true });
  scratch = await mkdtemp(path.join(REPOSITORY_ROOT, '.test-data', 'lock-'));
});

afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe('the DATA_DIR lock', () => {
  it('writes our pid and removes the lock on release', async () => {
    const dataDir = path.join(scratch, 'fresh');
    const lock = await acquireDataDirLock(dataDir);
    const content = JSON.parse(await readFile(path.join(dataDir, 'server.lock'), 'utf8'));
    expect(content.pid).toBe(process.pid);
    await lock.release();
    await expect(readFile(path.join(dataDir, 'server.lock'))).rejects.toThrow();
  });

  it('refuses while the process named in the lock is alive', async () => {
    const dataDir = path.join(scratch, 'taken');
    await mkdir(dataDir, { recursive: true });
    // pid 1 always runs.
    await writeFile(path.join(dataDir, 'server.lock'), JSON.stringify({ pid: 1 }));
    const attempt = acquireDataDirLock(dataDir);
    await expect(attempt).rejects.toBeInstanceOf(DataDirInUseError);
    await expect(attempt).rejects.toThrow(
      `Another LexPath server (pid 1) is already using DATA_DIR=${dataDir}; stop it or set a different DATA_DIR`,
    );
  });

  it('takes over the lock of a process that died (kill -9)', async () => {
    const dataDir = path.join(scratch, 'stale');
    await mkdir(dataDir, { recursive: true });
    await writeFile(path.join(dataDir, 'server.lock'), JSON.stringify({ pid: 2 ** 22 + 1 }));
    const lock = await acquireDataDirLock(dataDir);
    const content = JSON.parse(await readFile(path.join(dataDir, 'server.lock'), 'utf8'));
    expect(content.pid).toBe(process.pid);
    await lock.release();
  });
});
