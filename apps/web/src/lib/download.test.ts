import { describe, expect, it } from 'vitest';
import { fileNameFrom } from './download.ts';

describe('the file name of a download', () => {
  it('prefers the UTF-8 name of RFC 5987', () => {
    const header =
      'attachment; filename="Contratto di locazione - 2026-11-22.docx"; filename*=UTF-8\'\'Contratto%20di%20locazione%20%E2%80%93%20citt%C3%A0%20-%202026-11-22.docx';
    expect(fileNameFrom(header, 'documento.docx')).toBe(
      'Contratto di locazione – città - 2026-11-22.docx',
    );
  });

  it('falls back to the plain name, then to the default', () => {
    expect(fileNameFrom('attachment; filename="accordo.docx"', 'documento.docx')).toBe(
      'accordo.docx',
    );
    expect(fileNameFrom("attachment; filename*=UTF-8''%E0%A4%A", 'documento.docx')).toBe(
      'documento.docx',
    );
    expect(fileNameFrom(null, 'documento.docx')).toBe('documento.docx');
  });
});
