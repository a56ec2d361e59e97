import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { PDFDocument } from 'pdf-lib';

const run = promisify(execFile);

/**
 * Resolution of the page pictures: the lawyer reads every word at 100 % zoom, and a 24-page
 * contract stays a few megabytes (about 200 KB a page as JPEG).
 */
export const PAGE_IMAGE_DPI = 110;

/**
 * The protected preview (issue 11): every page of `pdf` as a picture, nothing else — no text
 * layer to select or copy, no fonts, no links. Poppler's `pdftoppm` (a child process, off the main
 * thread) draws the pages as JPEGs; pdf-lib wraps each JPEG as it is (no decoding) in a page of
 * the original size, which measured 8–25 ms of main thread for 24 pages. The watermark is the
 * preview file's own (the demo previews carry "ANTEPRIMA" in the header of every page).
 */
export async function pdfToPageImages(
  pdf: Buffer,
  options: { pdftoppmPath: string; workRoot: string; timeoutMs: number },
): Promise<Buffer> {
  const dir = await mkdtemp(path.join(options.workRoot, 'pages-'));
  try {
    const input = path.join(dir, 'document.pdf');
    await writeFile(input, pdf);
    await run(
      options.pdftoppmPath,
      ['-r', String(PAGE_IMAGE_DPI), '-jpeg', input, path.join(dir, 'page')],
      { timeout: options.timeoutMs, killSignal: 'SIGKILL' },
    );
    // page-01.jpg … page-24.jpg: the numbers are zero-padded to the same width, so they sort.
    const pages = (await readdir(dir)).filter((name) => name.endsWith('.jpg')).sort();
    if (pages.length === 0) throw new Error('pdftoppm wrote no page');
    const document = await PDFDocument.create();
    for (const name of pages) {
      const image = await document.embedJpg(await readFile(path.join(dir, name)));
      // Points from pixels at the rasterising resolution: the page keeps its size.
      const width = (image.width * 72) / PAGE_IMAGE_DPI;
      const height = (image.height * 72) / PAGE_IMAGE_DPI;
      document.addPage([width, height]).drawImage(image, { x: 0, y: 0, width, height });
    }
    return Buffer.from(await document.save());
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
