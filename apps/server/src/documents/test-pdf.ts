import { PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of every page of a PDF, one line per page (tests only). */
export async function pdfText(pdf: Buffer): Promise<string> {
  const document = await getDocument({
    data: new Uint8Array(pdf),
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  try {
    const pages: string[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const content = await (await document.getPage(number)).getTextContent();
      pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
    }
    return pages.join('\n');
  } finally {
    await document.destroy();
  }
}

/** Image XObjects in a PDF: LibreOffice writes object dictionaries uncompressed. */
export function countPdfImages(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Subtype\s*\/Image\b/g)?.length ?? 0;
}

/** Per page: the text items pdf.js finds and the images it paints (tests only). */
export async function pdfPages(pdf: Buffer): Promise<{ textItems: number; images: number }[]> {
  const document = await getDocument({
    data: new Uint8Array(pdf),
    isEvalSupported: false,
    verbosity: 0,
  }).promise;
  try {
    const pages: { textItems: number; images: number }[] = [];
    for (let number = 1; number <= document.numPages; number += 1) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const operators = await page.getOperatorList();
      pages.push({
        textItems: content.items.length,
        images: operators.fnArray.filter((fn) => fn === OPS.paintImageXObject).length,
      });
    }
    return pages;
  } finally {
    await document.destroy();
  }
}

/** The bytes of every image XObject, page by page (tests only: compares rasters by hash). */
export async function pdfPageImageBytes(pdf: Buffer): Promise<Buffer[][]> {
  const document = await PDFDocument.load(pdf);
  return document.getPages().map((page) => {
    const xObjects = page.node.Resources()?.lookupMaybe(PDFName.of('XObject'), PDFDict);
    if (!xObjects) return [];
    return xObjects
      .values()
      .map((ref) => document.context.lookup(ref))
      .filter((object): object is PDFRawStream => object instanceof PDFRawStream)
      .map((stream) => Buffer.from(stream.contents));
  });
}

/**
 * What a PDF's XMP metadata claims of PDF/A (`pdfaid:part`, `pdfaid:conformance`), read from the
 * metadata stream as LibreOffice writes it (uncompressed, elements or attributes).
 */
export function pdfAClaim(pdf: Buffer): { part?: string; conformance?: string } {
  const text = pdf.toString('latin1');
  const read = (name: string) => new RegExp(`pdfaid:${name}(?:>|=")([^<"]+)`).exec(text)?.[1];
  const part = read('part');
  const conformance = read('conformance');
  return { ...(part ? { part } : {}), ...(conformance ? { conformance } : {}) };
}
