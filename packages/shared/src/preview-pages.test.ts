// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { previewPagesOf } from './preview-pages.ts';

/** Two pages drawn by the server's page-images.ts (an odd width: a row ends in half a byte). */
const fixture = join(dirname(fileURLToPath(import.meta.url)), './test/preview-two-pages.pdf');

/** The grey samples of a PNG written by previewPagesOf: 4 bits, rows with filter 0. */
function greyOfPng(png: Uint8Array): { width: number; height: number; grey: number[] } {
  const view = new DataView(png.buffer, png.byteOffset, png.byteLength);
  expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  expect([png[24], png[25]]).toEqual([4, 0]);
  const idatLength = view.getUint32(33);
  expect(String.fromCharCode(...png.subarray(37, 41))).toBe('IDAT');
  const rows = inflateSync(png.subarray(41, 41 + idatLength));
  const rowBytes = Math.ceil(width / 2);
  const grey: number[] = [];
  for (let y = 0; y < height; y += 1) {
    expect(rows[y * (rowBytes + 1)]).toBe(0);
    for (let x = 0; x < width; x += 1) {
      const byte = rows[y * (rowBytes + 1) + 1 + (x >> 1)] as number;
      grey.push(((x & 1 ? byte & 0x0f : byte >> 4) * 255) / 15);
    }
  }
  return { width, height, grey };
}

describe('the preview’s page pictures', () => {
  it('gives each page as a PNG with the pixels poppler draws for it, in page order', async () => {
    const pdf = readFileSync(fixture);
    const pages = await previewPagesOf(new Blob([pdf]));
    expect(pages?.map(({ width, height }) => [width, height])).toEqual([
      [267, 160],
      [267, 160],
    ]);
    const dir = mkdtempSync(join(tmpdir(), 'preview-pages-'));
    execFileSync('pdftoppm', ['-r', '96', '-gray', fixture, join(dir, 'page')]);
    const drawn = [1, 2].map((number) => {
      const pgm = readFileSync(join(dir, `page-${number}.pgm`));
      const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(pgm.subarray(0, 32).toString('latin1'));
      return {
        size: [Number(header?.[1]), Number(header?.[2])],
        grey: pgm.subarray(header?.[0].length ?? 0),
      };
    });
    const pictures = await Promise.all(
      (pages ?? []).map(async (page) => greyOfPng(new Uint8Array(await page.png.arrayBuffer()))),
    );
    // Poppler smooths a picture's edges as it draws it: compared on average, each PNG is its own
    // page's picture and not the other's.
    const distance = (picture: (typeof pictures)[number], page: (typeof drawn)[number]) =>
      picture.grey.reduce((sum, grey, at) => sum + Math.abs(grey - (page.grey[at] as number)), 0) /
      picture.grey.length;
    for (const [index, picture] of pictures.entries()) {
      expect([picture.width, picture.height]).toEqual(drawn[index]?.size);
      // Not a blank page: the text «Pagina n» is there.
      expect(picture.grey.filter((grey) => grey < 128).length).toBeGreaterThan(100);
      const own = distance(picture, drawn[index] as (typeof drawn)[number]);
      const other = distance(picture, drawn[1 - index] as (typeof drawn)[number]);
      expect(own, `page ${index + 1}`).toBeLessThan(3);
      expect(own, `page ${index + 1}`).toBeLessThan(other);
    }
  });

  it('answers null for a PDF that is not made of page pictures', async () => {
    expect(await previewPagesOf(new Blob(['%PDF-1.4 anteprima']))).toBeNull();
  });
});
