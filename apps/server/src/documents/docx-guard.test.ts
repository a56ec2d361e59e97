import { crc32, createDeflateRaw } from 'node:zlib';
import { it as messages } from '@lexpath/shared';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../lib/app-error.ts';
import { assertSafeDocx } from './docx-guard.ts';
import {
  buildDocx,
  buildManyParagraphsDocx,
  buildSampleContract,
  buildZip,
  docxEntries,
  WORD_MAIN_CONTENT_TYPE,
} from './test-docx.ts';

const upload = messages.documents.upload;

async function refusal(bytes: Buffer, fileName?: string) {
  try {
    await assertSafeDocx(bytes, { fileName });
  } catch (error) {
    const { code, message } = error as AppError;
    return { code, message };
  }
  return null;
}

/** DEFLATE data of `size` zero bytes, built in 1 MB steps so the test itself stays small. */
async function deflatedZeros(size: number) {
  const step = Buffer.alloc(1024 * 1024);
  const deflater = createDeflateRaw({ level: 9 });
  const output: Buffer[] = [];
  deflater.on('data', (chunk: Buffer) => output.push(chunk));
  const finished = new Promise((resolve) => deflater.on('end', resolve));
  let crc = 0;
  for (let written = 0; written < size; written += step.length) {
    crc = crc32(step, crc);
    if (!deflater.write(step)) await new Promise((resolve) => deflater.once('drain', resolve));
  }
  deflater.end();
  await finished;
  return { data: Buffer.concat(output), crc, size };
}

function contentTypes(mainType: string, extra = '') {
  return (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' +
    '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
    '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
    '<Default Extension="xml" ContentType="application/xml"/>' +
    `<Override PartName="/word/document.xml" ContentType="${mainType}"/>${extra}</Types>`
  );
}

describe('assertSafeDocx', () => {
  it('accepts a real .docx, from a minimal one to a 300-page contract', async () => {
    await expect(assertSafeDocx(buildDocx(['Testo']))).resolves.toBeUndefined();
    await expect(assertSafeDocx(buildSampleContract(24))).resolves.toBeUndefined();
    await expect(assertSafeDocx(buildSampleContract(300))).resolves.toBeUndefined();
  });

  it('refuses a PDF renamed to .docx', async () => {
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF');
    expect(await refusal(pdf)).toEqual({ code: 'unprocessable', message: upload.notDocx });
  });

  it('names the file when told which one it is', async () => {
    expect(await refusal(Buffer.from('%PDF-1.7'), 'Master')).toEqual({
      code: 'unprocessable',
      message: 'Master: il file non è un documento Word (.docx).',
    });
  });

  it('refuses a zip that is not a Word document', async () => {
    const zip = buildZip([{ name: 'foto.jpg', data: 'non un documento' }]);
    expect(await refusal(zip)).toEqual({ code: 'unprocessable', message: upload.notDocx });
    const spreadsheet = buildDocx(['x'], {
      contentTypes: contentTypes(
        'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
      ),
    });
    expect(await refusal(spreadsheet)).toEqual({ code: 'unprocessable', message: upload.notDocx });
  });

  it('refuses a truncated file', async () => {
    const docx = buildDocx(['Testo']);
    expect(await refusal(docx.subarray(0, docx.length - 30))).toEqual({
      code: 'unprocessable',
      message: upload.corrupted,
    });
  });

  it('refuses a macro-enabled document (.docm), by content type or by its VBA project', async () => {
    const docm = buildDocx(['x'], {
      contentTypes: contentTypes('application/vnd.ms-word.document.macroEnabled.main+xml'),
      entries: { 'word/vbaProject.bin': Buffer.from([0xd0, 0xcf, 0x11, 0xe0]) },
    });
    expect(await refusal(docm)).toEqual({ code: 'unprocessable', message: upload.macros });
    const hidden = buildDocx(['x'], { entries: { 'word/vbaProject.bin': Buffer.from('VBA') } });
    expect(await refusal(hidden)).toEqual({ code: 'unprocessable', message: upload.macros });
  });

  it('refuses a file over 10 MB', async () => {
    const big = Buffer.alloc(10 * 1024 * 1024 + 1);
    big.writeUInt32LE(0x04034b50, 0);
    expect(await refusal(big)).toEqual({ code: 'tooLarge', message: upload.tooLarge });
  });

  it('refuses more than 2,000 entries, even when the end record understates them', async () => {
    const many = [
      ...docxEntries(),
      ...Array.from({ length: 2000 }, (_, i) => ({ name: `word/media/x${i}.txt`, data: 'x' })),
    ];
    expect(await refusal(buildZip(many))).toEqual({
      code: 'unprocessable',
      message: upload.tooManyEntries,
    });
    const lying = buildZip(many);
    const end = lying.length - 22;
    lying.writeUInt16LE(10, end + 8);
    lying.writeUInt16LE(10, end + 10);
    expect(await refusal(lying)).toEqual({ code: 'unprocessable', message: upload.tooManyEntries });
  });

  it('refuses a zip bomb of 200 MB of zeros without holding it in memory, even when its headers lie', async () => {
    const zeros = await deflatedZeros(200 * 1024 * 1024);
    const bomb = buildZip([
      ...docxEntries(),
      { name: 'word/media/image1.png', deflated: zeros, declaredSize: 1024 },
    ]);
    expect(bomb.length).toBeLessThan(1024 * 1024);

    global.gc?.();
    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    const result = await refusal(bomb);
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);

    expect(result).toEqual({ code: 'tooLarge', message: upload.unpackedTooLarge });
    // Buffering the entry up to the 100 MB cap would add over 100 MB; streaming adds only
    // chunks not yet collected (about 30 MB measured here).
    expect(peak - before).toBeLessThan(64 * 1024 * 1024);
  });

  it('refuses many entries that are small compressed but large together', async () => {
    const zeros = await deflatedZeros(30 * 1024 * 1024);
    const entries = [
      ...docxEntries(),
      ...[1, 2, 3, 4].map((i) => ({ name: `word/media/z${i}.bin`, deflated: zeros })),
    ];
    expect(await refusal(buildZip(entries))).toEqual({
      code: 'tooLarge',
      message: upload.unpackedTooLarge,
    });
  });

  it('refuses XML with a DTD (billion laughs) or entity declarations', async () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]>' +
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>&lol2;</w:t></w:r></w:p></w:body></w:document>';
    const bomb = buildZip(
      docxEntries().map((entry) =>
        entry.name === 'word/document.xml' ? { ...entry, data: laughs } : entry,
      ),
    );
    expect(await refusal(bomb)).toEqual({ code: 'unprocessable', message: upload.xmlDeclarations });

    const utf16 = buildDocx(['x'], {
      entries: {
        'customXml/item1.xml': Buffer.from(
          '<?xml version="1.0" encoding="UTF-16"?><!ENTITY x "y"><a/>',
          'utf16le',
        ),
      },
    });
    expect(await refusal(utf16)).toEqual({
      code: 'unprocessable',
      message: upload.xmlDeclarations,
    });
  });

  it('accepts the content types of a real Word file', async () => {
    const docx = buildDocx(['x'], { contentTypes: contentTypes(WORD_MAIN_CONTENT_TYPE) });
    await expect(assertSafeDocx(docx)).resolves.toBeUndefined();
  });

  it('counts paragraphs exactly, across chunk boundaries, and refuses one over 40,000 (422)', async () => {
    // 20 bytes a paragraph: its start tag falls across many of the 16 KB inflated chunks.
    const paragraph = '<w:p><w:pPr/></w:p>\n';
    await expect(assertSafeDocx(await buildManyParagraphsDocx(40_000, paragraph))).resolves.toBe(
      undefined,
    );
    expect(await refusal(await buildManyParagraphsDocx(40_001, paragraph), 'Master')).toEqual({
      code: 'unprocessable',
      message: 'Master: il documento contiene più di 40.000 paragrafi: dividilo in più documenti.',
    });
    const withAttributes = await buildManyParagraphsDocx(40_001, '<w:p w:rsidR="00A1B2C3"/>');
    expect(await refusal(withAttributes)).toEqual({
      code: 'unprocessable',
      message: upload.tooManyParagraphs,
    });
  });

  it('refuses more than 500,000 XML nodes (422), whatever the elements', async () => {
    const runs = await buildManyParagraphsDocx(500_001, '<w:r/>');
    expect(await refusal(runs)).toEqual({ code: 'unprocessable', message: upload.tooManyXmlNodes });
  });

  it('refuses an XML part over 16 MB unpacked (413), even with little markup', async () => {
    const text = `<w:p><w:r><w:t>${'a'.repeat(1024 * 1024)}</w:t></w:r></w:p>`;
    expect(await refusal(await buildManyParagraphsDocx(17, text))).toEqual({
      code: 'tooLarge',
      message: upload.xmlPartTooLarge,
    });
  });

  it('refuses the 95 MB many-paragraph master early, never stalling the event loop', async () => {
    // 16 million empty paragraphs: 95 MB unpacked, under the 100 MB cap, about 140 KB zipped.
    const bomb = await buildManyParagraphsDocx(15_800_000);
    expect(bomb.length).toBeLessThan(300 * 1024);
    let last = performance.now();
    let stall = 0;
    const ticker = setInterval(() => {
      stall = Math.max(stall, performance.now() - last);
      last = performance.now();
    }, 5);
    const started = performance.now();
    const result = await refusal(bomb);
    const elapsed = performance.now() - started;
    clearInterval(ticker);
    expect(result).toEqual({ code: 'unprocessable', message: upload.tooManyParagraphs });
    expect(elapsed).toBeLessThan(1_000);
    expect(stall).toBeLessThan(100);
  });
});
