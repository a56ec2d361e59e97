import { parse } from 'content-disposition';
import { describe, expect, it } from 'vitest';
import { attachmentDisposition } from './content-disposition.ts';

describe('Content-Disposition of a download', () => {
  it('keeps an ASCII name as it is, in both parameters', () => {
    expect(attachmentDisposition('IT01234567890_00001.xml')).toBe(
      `attachment; filename="IT01234567890_00001.xml"; filename*=UTF-8''IT01234567890_00001.xml`,
    );
  });

  it('writes accents in filename* and their plain letters in filename', () => {
    expect(attachmentDisposition('Locazione è perché - prova.docx')).toBe(
      'attachment; filename="Locazione e perche - prova.docx"; ' +
        "filename*=UTF-8''Locazione%20%C3%A8%20perch%C3%A9%20-%20prova.docx",
    );
  });

  it('turns quotes, slashes and controls into _, and encodes what RFC 5987 leaves out', () => {
    expect(attachmentDisposition('Contratto "Rossi" l\'1/2 (bozza)*\u0007.pdf')).toBe(
      `attachment; filename="Contratto _Rossi_ l'1_2 (bozza)__.pdf"; ` +
        "filename*=UTF-8''Contratto%20_Rossi_%20l%271_2%20%28bozza%29__.pdf",
    );
  });

  it('encodes an emoji in filename* and leaves a _ per UTF-16 unit in filename', () => {
    expect(attachmentDisposition('Firma ✍️ 🏠.pdf')).toBe(
      'attachment; filename="Firma __ __.pdf"; filename*=UTF-8\'\'Firma%20%E2%9C%8D%EF%B8%8F%20%F0%9F%8F%A0.pdf',
    );
  });

  it('is read back by a client as the name the lawyer sees', () => {
    for (const name of ['Contratto di locazione - 2026-11-27.pdf', 'Società à € 🏠.docx']) {
      expect(parse(attachmentDisposition(name)).parameters.filename).toBe(name);
    }
  });

  it('names an empty or blank file «documento»', () => {
    for (const name of ['', '   ']) {
      expect(attachmentDisposition(name)).toBe(
        `attachment; filename="documento"; filename*=UTF-8''documento`,
      );
    }
  });
});
