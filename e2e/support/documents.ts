/** What a journey downloads, read as a lawyer's program would: a .docx's text. */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PizZip from 'pizzip';
import type { Download } from 'playwright-core';

export function decodeXml(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

export async function saved(download: Download): Promise<string> {
  const path = join(mkdtempSync(join(tmpdir(), 'lexpath-e2e-')), download.suggestedFilename());
  await download.saveAs(path);
  return path;
}

/** `word/document.xml` of a downloaded .docx, and its paragraphs with the runs joined. */
export async function docxBody(download: Download): Promise<{ xml: string; text: string }> {
  return docxContent(readFileSync(await saved(download)));
}

/**
 * `word/document.xml` of a .docx's bytes (a .zip's entry) and its paragraphs with the runs
 * joined; empty when the bytes are not a .docx, so the caller's checks say what is missing.
 */
export function docxContent(bytes: Buffer | undefined): { xml: string; text: string } {
  const xml = bytes ? new PizZip(bytes).file('word/document.xml')?.asText() : undefined;
  const text = (xml ?? '')
    .split('</w:p>')
    .map((paragraph) =>
      decodeXml(
        [...paragraph.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((m) => m[1]).join(''),
      ),
    )
    .join('\n');
  return { xml: xml ?? '', text };
}
