/**
 * The protected preview is a PDF whose every page is one grey picture (the server's
 * page-images.ts, whose tests read what it writes with this module: the writer cannot change its
 * layout without them failing), so the pictures can be shown as they are, an `<img>` each,
 * instead of in the browser's PDF viewer. Chromium's viewer is a frame of another process: right after the page
 * moved, its hit area could cover the button below it, and the first click on «Vai al carrello»
 * went into the viewer (focus moved there, the page saw no click at all).
 */

export interface PreviewPage {
  /** A PNG of the page as the server drew it. */
  png: Blob;
  width: number;
  height: number;
}

/** A picture as the preview's PDF holds it: grey samples, zlib-deflated rows. */
interface PageImage {
  objectNumber: number;
  width: number;
  height: number;
  bitsPerComponent: number;
  deflated: Uint8Array;
}

const IMAGE_OBJECT = /(\d+)\s+\d+\s+obj\s*<<((?:(?!\bobj\b)[\s\S])*?)>>\s*stream\r?\n/g;

function numberIn(dictionary: string, key: string): number | null {
  const found = new RegExp(`/${key}\\s+(\\d+)(?!\\s+\\d+\\s+R)`).exec(dictionary);
  return found ? Number(found[1]) : null;
}

/**
 * The page pictures of `pdf`, in page order (the server registers each page's picture before the
 * next page's); null when the PDF holds anything else (another writer, colour, an indirect
 * length): the caller shows the PDF as it is.
 */
function findPageImages(pdf: Uint8Array): PageImage[] | null {
  // One character a byte, so an index in the text is an offset in the bytes.
  const text = new TextDecoder('latin1').decode(pdf);
  const images: PageImage[] = [];
  IMAGE_OBJECT.lastIndex = 0;
  for (let match = IMAGE_OBJECT.exec(text); match; match = IMAGE_OBJECT.exec(text)) {
    const dictionary = match[2] ?? '';
    if (!/\/Subtype\s*\/Image\b/.test(dictionary)) continue;
    const width = numberIn(dictionary, 'Width');
    const height = numberIn(dictionary, 'Height');
    const bitsPerComponent = numberIn(dictionary, 'BitsPerComponent');
    const length = numberIn(dictionary, 'Length');
    if (
      width === null ||
      height === null ||
      length === null ||
      bitsPerComponent === null ||
      ![1, 2, 4, 8].includes(bitsPerComponent) ||
      !/\/ColorSpace\s*\/DeviceGray\b/.test(dictionary) ||
      !/\/Filter\s*\/FlateDecode\b/.test(dictionary) ||
      /\/DecodeParms\b/.test(dictionary)
    ) {
      return null;
    }
    const start = match.index + match[0].length;
    if (!/^\s*endstream/.test(text.slice(start + length, start + length + 16))) return null;
    images.push({
      objectNumber: Number(match[1]),
      width,
      height,
      bitsPerComponent,
      deflated: pdf.subarray(start, start + length),
    });
    IMAGE_OBJECT.lastIndex = start + length;
  }
  if (images.length === 0) return null;
  return images.sort((a, b) => a.objectNumber - b.objectNumber);
}

/** What a Blob is made of (the DOM's BlobPart, named the same in Node's types and the browser's). */
type BlobParts = ConstructorParameters<typeof Blob>[0];

async function throughStream(
  bytes: Uint8Array,
  stream: CompressionStream | DecompressionStream,
): Promise<Uint8Array> {
  const piped = new Blob([bytes] as BlobParts).stream().pipeThrough(stream);
  return new Uint8Array(await new Response(piped).arrayBuffer());
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n += 1) {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of bytes) crc = (CRC_TABLE[(crc ^ byte) & 0xff] as number) ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  for (let i = 0; i < 4; i += 1) out[4 + i] = type.charCodeAt(i);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * The picture as a greyscale PNG of the same depth: PDF and PNG both store grey samples with
 * black at 0, rows padded to a byte; a PNG row only starts with its filter (0, none).
 */
async function toPng(image: PageImage): Promise<Blob> {
  const samples = await throughStream(image.deflated, new DecompressionStream('deflate'));
  const rowBytes = Math.ceil((image.width * image.bitsPerComponent) / 8);
  if (samples.length < rowBytes * image.height) throw new Error('truncated page picture');
  const rows = new Uint8Array((rowBytes + 1) * image.height);
  for (let y = 0; y < image.height; y += 1) {
    rows.set(samples.subarray(y * rowBytes, (y + 1) * rowBytes), y * (rowBytes + 1) + 1);
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, image.width);
  view.setUint32(4, image.height);
  header[8] = image.bitsPerComponent;
  // Colour type 0 (grey); compression, filter and interlace methods 0.
  const idat = await throughStream(rows, new CompressionStream('deflate'));
  const parts = [
    new Uint8Array(PNG_SIGNATURE),
    chunk('IHDR', header),
    chunk('IDAT', idat),
    chunk('IEND', new Uint8Array()),
  ];
  return new Blob(parts as BlobParts, { type: 'image/png' });
}

/** The preview's pages as PNG pictures, or null when `pdf` is not made of page pictures. */
export async function previewPagesOf(pdf: Blob): Promise<PreviewPage[] | null> {
  const images = findPageImages(new Uint8Array(await pdf.arrayBuffer()));
  if (!images) return null;
  return Promise.all(
    images.map(async (image) => ({
      png: await toPng(image),
      width: image.width,
      height: image.height,
    })),
  );
}
