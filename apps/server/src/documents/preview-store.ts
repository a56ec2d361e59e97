import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { readFile, rename, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';

/**
 * Converted previews kept on disk by their cache key, so a preview too large for the memory cache,
 * or made before a restart, is never converted again. Bounded in bytes, least recently used
 * first out; the order survives a restart through the files' modification times (touched on each
 * read). Each file holds the CRC-32 of its content before the content: a file cut short by a
 * crash or altered on disk is a miss (and removed), never a broken preview (a third of SHA-256's
 * time on the main thread, and nobody but the server writes the folder). Files are written
 * to a temporary name and renamed, so a reader never sees half a file; temporary files a killed
 * server left are removed when the store opens. One store per DATA_DIR: instances never share it.
 */
export type PreviewStore = {
  /** The bytes stored under `key`, or undefined (absent, unreadable or corrupt). */
  read(key: string): Promise<Buffer | undefined>;
  /** Whether `key` is stored, without reading it (its file may still turn out corrupt). */
  has(key: string): boolean;
  /** Stores `bytes` under `key`, then removes the least recently used files over the bound. */
  write(key: string, bytes: Buffer): Promise<void>;
  /** Bytes stored now (content and checksums). */
  readonly size: number;
};

const DIGEST_BYTES = 4;
const STORED_FILE = /^[0-9a-f]{64}\.preview$/;
const TEMPORARY_FILE = /\.tmp$/;

function fileNameOf(key: string): string {
  return `${createHash('sha256').update(key).digest('hex')}.preview`;
}

function digestOf(bytes: Buffer): Buffer {
  const digest = Buffer.alloc(DIGEST_BYTES);
  digest.writeUInt32BE(crc32(bytes));
  return digest;
}

let temporarySerial = 0;

/**
 * Opens the store in `dir` (created if needed) holding at most `maxBytes`. Reads the folder once,
 * synchronously: a few thousand names at most, and every later lookup is answered from memory.
 */
export function openPreviewStore(dir: string, maxBytes: number): PreviewStore {
  mkdirSync(dir, { recursive: true });
  /** File name → size; Map order is use order, oldest first. */
  const files = new Map<string, number>();
  let total = 0;
  const found: { name: string; size: number; used: number }[] = [];
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (TEMPORARY_FILE.test(name)) {
      rmSync(file, { force: true });
      continue;
    }
    if (!STORED_FILE.test(name)) continue;
    try {
      const stat = statSync(file);
      found.push({ name, size: stat.size, used: stat.mtimeMs });
    } catch {
      // Removed meanwhile: nothing to index.
    }
  }
  for (const entry of found.sort((a, b) => a.used - b.used)) {
    files.set(entry.name, entry.size);
    total += entry.size;
  }

  const forget = (name: string) => {
    const size = files.get(name);
    if (size === undefined) return;
    files.delete(name);
    total -= size;
  };

  const remove = async (name: string) => {
    forget(name);
    await rm(path.join(dir, name), { force: true });
  };

  const evict = async () => {
    while (total > maxBytes) {
      const oldest = files.keys().next();
      if (oldest.done) return;
      await remove(oldest.value);
    }
  };

  // A bound lowered since the last start applies at once.
  void evict().catch(() => undefined);

  return {
    has(key) {
      return files.has(fileNameOf(key));
    },

    async read(key) {
      const name = fileNameOf(key);
      if (!files.has(name)) return undefined;
      const file = path.join(dir, name);
      let stored: Buffer;
      try {
        stored = await readFile(file);
      } catch {
        forget(name);
        return undefined;
      }
      const bytes = stored.subarray(DIGEST_BYTES);
      if (
        stored.length <= DIGEST_BYTES ||
        !digestOf(bytes).equals(stored.subarray(0, DIGEST_BYTES))
      ) {
        await remove(name);
        return undefined;
      }
      // Used now: last out, here and after a restart.
      const size = files.get(name);
      if (size !== undefined) {
        files.delete(name);
        files.set(name, size);
      }
      const now = new Date();
      void utimes(file, now, now).catch(() => undefined);
      return bytes;
    },

    async write(key, bytes) {
      const size = DIGEST_BYTES + bytes.length;
      if (size > maxBytes) return;
      const name = fileNameOf(key);
      const file = path.join(dir, name);
      temporarySerial += 1;
      const temporary = `${file}.${process.pid}-${temporarySerial}.tmp`;
      try {
        await writeFile(temporary, Buffer.concat([digestOf(bytes), bytes]));
        await rename(temporary, file);
      } catch (error) {
        await rm(temporary, { force: true });
        throw error;
      }
      forget(name);
      files.set(name, size);
      total += size;
      await evict();
    },

    get size() {
      return total;
    },
  };
}
