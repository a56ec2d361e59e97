import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { deflateSync, inflateSync } from 'node:zlib';
import { previewPagesOf } from '@lexpath/shared/preview-pages';
import {
  concatTransformationMatrix,
  drawObject,
  grayscale,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
  StandardFonts,
} from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_IMAGE_DPI, PAGE_IMAGE_MAX_BYTES, pdfToPageImages } from './page-images.ts';
import { pdfPageImageBytes } from './test-pdf.ts';

const WATERMARK_GREY = 223 / 255;
let workRoot: string;

beforeAll(async () => {
  workRoot = await mkdtemp(path.join(os.tmpdir(), 'page-images-'));
});

afterAll(async () => {
  await rm(workRoot, { recursive: true, force: true });
});

/**
 * An A4 page: a square of the watermark's light grey at (50, 50)–(150, 150) points, and above it
 * a picture of random greys, which no picture of 60 KB holds at any number of grey levels.
 */
async function densePage(): Promise<Buffer> {
  const document = await PDFDocument.create();
  const page = document.addPage([595, 842]);
  page.drawRectangle({ x: 50, y: 50, width: 100, height: 100, color: grayscale(WATERMARK_GREY) });
  const [width, height] = [700, 700];
  let seed = 42;
  const noise = Buffer.alloc(width * height);
  for (let i = 0; i < noise.length; i += 1) {
    seed = (seed * 16807) % 2147483647;
    noise[i] = seed & 0xff;
  }
  const image = document.context.register(
    document.context.stream(deflateSync(noise), {
      Type: 'XObject',
      Subtype: 'Image',
      Width: width,
      Height: height,
      ColorSpace: 'DeviceGray',
      BitsPerComponent: 8,
      Filter: 'FlateDecode',
    }),
  );
  const name = page.node.newXObject('Noise', image);
  page.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(525, 0, 0, 525, 35, 250),
    drawObject(name),
    popGraphicsState(),
  );
  return Buffer.from(await document.save());
}

describe('page pictures', () => {
  it('writes pictures the web shows as its pages: one PNG a page, in order, at the page’s size', async () => {
    const document = await PDFDocument.create();
    const font = await document.embedFont(StandardFonts.Helvetica);
    // An A4 page and a landscape A5 one: the order shows in the sizes.
    for (const size of [
      [595, 842],
      [595, 420],
    ] as const) {
      document.addPage([...size]).drawText('Pagina di prova', { x: 50, y: 200, size: 24, font });
    }
    const pictures = await pdfToPageImages(Buffer.from(await document.save()), {
      pdftoppmPath: 'pdftoppm',
      workRoot,
      timeoutMs: 60_000,
    });
    const pages = await previewPagesOf(new Blob([pictures]));
    // pdftoppm rounds a page's size in pixels up.
    const pixels = (points: number) => Math.ceil((points * PAGE_IMAGE_DPI) / 72);
    expect(pages?.map(({ width, height }) => [width, height])).toEqual([
      [pixels(595), pixels(842)],
      [pixels(595), pixels(420)],
    ]);
    for (const page of pages ?? []) {
      const png = new Uint8Array(await page.png.arrayBuffer());
      expect(String.fromCharCode(...png.subarray(1, 4))).toBe('PNG');
    }
  }, 60_000);

  it('keeps the light watermark grey on a page too dense for the size ceiling', async () => {
    const pictures = await pdfToPageImages(await densePage(), {
      pdftoppmPath: 'pdftoppm',
      workRoot,
      timeoutMs: 60_000,
    });
    const samples = (await pdfPageImageBytes(pictures))[0]?.[0] as Buffer;
    // Over the ceiling even with the fewest greys: every fallback was tried.
    expect(samples.length).toBeGreaterThan(PAGE_IMAGE_MAX_BYTES);
    const raw = inflateSync(samples);
    const width = Math.round((595 * PAGE_IMAGE_DPI) / 72);
    const height = Math.round((842 * PAGE_IMAGE_DPI) / 72);
    const rowBytes = Math.ceil(width / 2);
    // The middle of the light square, (100, 100) points from the bottom left.
    const column = Math.round((100 * PAGE_IMAGE_DPI) / 72);
    const row = height - Math.round((100 * PAGE_IMAGE_DPI) / 72);
    const byte = raw[row * rowBytes + Math.floor(column / 2)] as number;
    const sample = column % 2 === 0 ? byte >> 4 : byte & 0x0f;
    // A light grey: neither white (15) nor anything as dark as text.
    expect(sample).toBeGreaterThanOrEqual(10);
    expect(sample).toBeLessThan(15);
  }, 60_000);
});
