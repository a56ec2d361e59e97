import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { promisify } from 'node:util';
import { deflate } from 'node:zlib';
import {
  concatTransformationMatrix,
  drawObject,
  PDFDocument,
  popGraphicsState,
  pushGraphicsState,
} from 'pdf-lib';

const run = promisify(execFile);
const deflateAsync = promisify(deflate);

/**
 * Resolution of the page pictures: a PDF viewer at 100 % zoom draws 96 pixels to the inch
 * (72 points are 96 CSS pixels), so each pixel of the picture is one pixel of the screen —
 * sharper than a larger picture scaled down, and about a third fewer bytes than 110 dpi.
 */
export const PAGE_IMAGE_DPI = 96;

/**
 * A page picture's ceiling: a 300-page contract stays under 18 MB, so it fits the memory cache
 * and downloads in seconds on a slow line.
 */
export const PAGE_IMAGE_MAX_BYTES = 60 * 1024;

/**
 * Grey levels kept, fewest last: eight draw antialiased text that reads as the original; a page
 * still over the ceiling (dense tables, pictures) is drawn again with fewer. Never under five:
 * the demo watermark's light grey (223) rounds to white with four, and the watermark matters more
 * than the ceiling, so a page still over it at five is kept as it is. The levels are 4-bit
 * samples, which every PDF viewer reads.
 */
const GREY_LEVELS = [8, 6, 5];

/**
 * zlib's level 4: within 5 % of level 9's size at a twentieth of its time (measured on the demo
 * previews: 49 KB a page in 10 ms, against 45 KB in 180 ms).
 */
const DEFLATE_LEVEL = 4;

type GreyMap = { width: number; height: number; pixels: Buffer };

/** A binary PGM (P5, 8 bits) as pdftoppm -gray writes it. */
function readPgm(file: Buffer): GreyMap {
  const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(file.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error('pdftoppm wrote an unexpected picture');
  const width = Number(header[1]);
  const height = Number(header[2]);
  const pixels = file.subarray(header[0].length);
  if (pixels.length < width * height) throw new Error('pdftoppm wrote a truncated picture');
  return { width, height, pixels };
}

/** The picture with `levels` evenly spaced greys, two 4-bit samples a byte, rows byte-aligned. */
function packGrey({ width, height, pixels }: GreyMap, levels: number): Buffer {
  const steps = levels - 1;
  const toSample = new Uint8Array(256);
  for (let grey = 0; grey < 256; grey += 1) {
    toSample[grey] = Math.round((Math.round((grey * steps) / 255) * 15) / steps);
  }
  const rowBytes = Math.ceil(width / 2);
  const packed = Buffer.alloc(rowBytes * height);
  for (let y = 0; y < height; y += 1) {
    let from = y * width;
    let to = y * rowBytes;
    const end = from + width - 1;
    for (; from < end; from += 2) {
      packed[to++] =
        ((toSample[pixels[from] as number] as number) << 4) |
        (toSample[pixels[from + 1] as number] as number);
    }
    // An odd width: the last sample and a white one.
    if (from === end) packed[to] = ((toSample[pixels[from] as number] as number) << 4) | 0x0f;
  }
  return packed;
}

/** The page's picture, deflated, with the fewest grey levels needed to stay under the ceiling. */
async function compressPage(page: GreyMap): Promise<Buffer> {
  let smallest: Buffer | undefined;
  for (const levels of GREY_LEVELS) {
    smallest = await deflateAsync(packGrey(page, levels), { level: DEFLATE_LEVEL });
    if (smallest.length <= PAGE_IMAGE_MAX_BYTES) break;
  }
  return smallest as Buffer;
}

/** Pages deflating at once in zlib's thread pool while the next ones are drawn. */
const DEFLATING = 4;

/**
 * The protected preview (issue 11): every page of `pdf` as a picture, nothing else — no text
 * layer to select or copy, no fonts, no links. Poppler's `pdftoppm` (a child process, off the main
 * thread) draws the pages in grey; each is reduced to a few grey levels and deflated in zlib's
 * thread pool as soon as pdftoppm moves on to the next page, so the two run side by side. A page
 * of text is near 50 KB where a JPEG took 190 KB; pdf-lib places the deflated samples as they
 * are in a page of the original size. The watermark is the preview file's own (the demo previews
 * carry "ANTEPRIMA" in the header of every page).
 */
export async function pdfToPageImages(
  pdf: Buffer,
  options: { pdftoppmPath: string; workRoot: string; timeoutMs: number },
): Promise<Buffer> {
  const dir = await mkdtemp(path.join(options.workRoot, 'pages-'));
  let drawing: Promise<unknown> | undefined;
  try {
    const input = path.join(dir, 'document.pdf');
    await writeFile(input, pdf);
    let drawn = false;
    drawing = run(
      options.pdftoppmPath,
      ['-r', String(PAGE_IMAGE_DPI), '-gray', input, path.join(dir, 'page')],
      { timeout: options.timeoutMs, killSignal: 'SIGKILL' },
    ).then(() => {
      drawn = true;
    });
    // Settled below; a failure meanwhile must not count as unhandled.
    drawing.catch(() => undefined);
    const document = await PDFDocument.create();
    const compressed: Promise<{ page: GreyMap; samples: Buffer }>[] = [];
    let placed = 0;
    const placeOldest = async () => {
      const { page, samples } = await (compressed[placed] as Promise<{
        page: GreyMap;
        samples: Buffer;
      }>);
      compressed[placed] = undefined as never;
      placed += 1;
      placePage(document, page, samples);
    };
    for (;;) {
      const finished = drawn;
      // page-01.pgm … page-24.pgm: zero-padded to one width, so they sort. The newest file is
      // still being written until pdftoppm has exited; the others are removed once read.
      const names = (await readdir(dir)).filter((name) => name.endsWith('.pgm')).sort();
      for (const name of finished ? names : names.slice(0, -1)) {
        const file = path.join(dir, name);
        const page = readPgm(await readFile(file));
        await rm(file);
        compressed.push(compressPage(page).then((samples) => ({ page, samples })));
        if (compressed.length - placed >= DEFLATING) await placeOldest();
      }
      if (finished) break;
      await Promise.race([drawing, delay(5)]);
    }
    await drawing;
    while (placed < compressed.length) await placeOldest();
    if (placed === 0) throw new Error('pdftoppm wrote no page');
    return Buffer.from(await document.save());
  } finally {
    await drawing?.catch(() => undefined);
    await rm(dir, { recursive: true, force: true });
  }
}

/** A page of the picture's size at the rasterising resolution, the picture filling it. */
function placePage(document: PDFDocument, page: GreyMap, samples: Buffer): void {
  const image = document.context.register(
    document.context.stream(samples, {
      Type: 'XObject',
      Subtype: 'Image',
      Width: page.width,
      Height: page.height,
      ColorSpace: 'DeviceGray',
      BitsPerComponent: 4,
      Filter: 'FlateDecode',
    }),
  );
  // Points from pixels at the rasterising resolution: the page keeps its size.
  const width = (page.width * 72) / PAGE_IMAGE_DPI;
  const height = (page.height * 72) / PAGE_IMAGE_DPI;
  const pdfPage = document.addPage([width, height]);
  const picture = pdfPage.node.newXObject('Page', image);
  pdfPage.pushOperators(
    pushGraphicsState(),
    concatTransformationMatrix(width, 0, 0, height, 0, 0),
    drawObject(picture),
    popGraphicsState(),
  );
}
