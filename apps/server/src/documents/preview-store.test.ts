import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openPreviewStore } from './preview-store.ts';

let dir: string;

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'preview-store-'));
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A preview's bytes of `size`, distinct per `seed`. */
const bytesOf = (seed: number, size = 1000) => Buffer.alloc(size, seed);

/** Sum of the sizes of the files in the folder, as `du` would count their content. */
async function folderBytes(): Promise<number> {
  let total = 0;
  for (const name of await readdir(dir)) total += (await stat(path.join(dir, name))).size;
  return total;
}

describe('previews kept on disk', () => {
  it('reads back what it stored, after the store is opened again', async () => {
    await openPreviewStore(dir, 1_000_000).write('page-images:key', bytesOf(1));
    const reopened = openPreviewStore(dir, 1_000_000);
    expect(reopened.has('page-images:key')).toBe(true);
    expect(await reopened.read('page-images:key')).toEqual(bytesOf(1));
    expect(await reopened.read('page-images:other')).toBeUndefined();
  });

  it('keeps the folder under its bound, the least recently used out first', async () => {
    // Room for three previews of 1,000 bytes with their checksums, not four.
    const store = openPreviewStore(dir, 3200);
    await store.write('a', bytesOf(1));
    await store.write('b', bytesOf(2));
    await store.write('c', bytesOf(3));
    // Read: `a` is now the most recently used, `b` the least.
    expect(await store.read('a')).toEqual(bytesOf(1));
    await store.write('d', bytesOf(4));

    expect(await store.read('b')).toBeUndefined();
    for (const [key, seed] of [
      ['a', 1],
      ['c', 3],
      ['d', 4],
    ] as const) {
      expect(await store.read(key)).toEqual(bytesOf(seed));
    }
    expect(await readdir(dir)).toHaveLength(3);
    expect(await folderBytes()).toBeLessThanOrEqual(3200);
  });

  it('remembers which was used last across a restart', async () => {
    const store = openPreviewStore(dir, 3200);
    // The modification times order the files at the next start (the kernel's clock ticks every
    // few milliseconds); a read touches its file.
    const tick = () => new Promise((resolve) => setTimeout(resolve, 20));
    for (const [key, seed] of [
      ['a', 1],
      ['b', 2],
      ['c', 3],
    ] as const) {
      await store.write(key, bytesOf(seed));
      await tick();
    }
    expect(await store.read('a')).toEqual(bytesOf(1));
    await tick();

    const reopened = openPreviewStore(dir, 3200);
    await reopened.write('d', bytesOf(4));
    expect(reopened.has('b')).toBe(false);
    expect(await reopened.read('a')).toEqual(bytesOf(1));
    expect(await folderBytes()).toBeLessThanOrEqual(3200);
  });

  it('treats a corrupt or truncated file as a miss and removes it', async () => {
    const store = openPreviewStore(dir, 1_000_000);
    await store.write('flipped', bytesOf(1));
    await store.write('cut', bytesOf(2));
    // Each key's file found by its content: the names are hashes of the keys.
    for (const name of await readdir(dir)) {
      const file = path.join(dir, name);
      const content = await readFile(file);
      if (content.at(-1) === 1) {
        content[content.length - 10] = 7;
        await writeFile(file, content);
      } else if (content.at(-1) === 2) {
        await writeFile(file, content.subarray(0, content.length - 100));
      }
    }
    expect(await store.read('flipped')).toBeUndefined();
    expect(await store.read('cut')).toBeUndefined();
    expect(store.has('flipped')).toBe(false);
    expect(store.has('cut')).toBe(false);
    expect(await readdir(dir)).toEqual([]);
  });

  it('treats a file removed behind its back as a miss', async () => {
    const store = openPreviewStore(dir, 1_000_000);
    await store.write('gone', bytesOf(1));
    for (const name of await readdir(dir)) await rm(path.join(dir, name));
    expect(await store.read('gone')).toBeUndefined();
    expect(store.has('gone')).toBe(false);
  });

  it('removes at start the temporary files a crash left, and never stores beyond its bound', async () => {
    await writeFile(path.join(dir, `${'a'.repeat(64)}.preview.123-1.tmp`), bytesOf(5, 500));
    const store = openPreviewStore(dir, 1500);
    expect(await readdir(dir)).toEqual([]);
    await store.write('too-large', bytesOf(1, 2000));
    expect(store.has('too-large')).toBe(false);
    expect(await readdir(dir)).toEqual([]);
  });
});
