import { it as messages } from '@lexpath/shared';
import PizZip from 'pizzip';
import { describe, expect, it } from 'vitest';
import { removedContentWarning, stripExternalContent } from './external-content.ts';
import { extractDocumentText } from './render.ts';
import { buildDocx } from './test-docx.ts';
import {
  COMMENT_TEXT,
  docxWithAttachedTemplate,
  docxWithComments,
  docxWithExternalImage,
  docxWithIncludePicture,
} from './test-external-docx.ts';

const URL = 'http://10.0.0.1:8080/img.png';

function part(docx: Buffer, name: string): string {
  return new PizZip(docx).file(name)?.asText() ?? '';
}

describe('stripExternalContent', () => {
  it('removes pictures linked by URL or local path, and what pointed at them; keeps hyperlinks', () => {
    for (const target of [URL, 'file:///etc/lexpath/secret.png']) {
      const { bytes, removed } = stripExternalContent(docxWithExternalImage(target));
      const rels = part(bytes, 'word/_rels/document.xml.rels');
      const document = part(bytes, 'word/document.xml');
      expect(rels).not.toContain(target);
      expect(rels).toContain('https://www.example.it/');
      expect(document).not.toMatch(/r:link=|r:id="rId[56]"/);
      expect(extractDocumentText(bytes)).toBe('Prima della figura\n\n\nDopo la figura');
      expect(removed).toEqual([
        { kind: 'relationship', type: 'image', target },
        { kind: 'relationship', type: 'image', target },
      ]);
    }
  });

  it('neutralises INCLUDEPICTURE and INCLUDETEXT, split over runs or simple, keeping their result', () => {
    const { bytes, removed } = stripExternalContent(docxWithIncludePicture(URL));
    const document = part(bytes, 'word/document.xml');
    expect(document).not.toMatch(/INCLUDE|fldChar|fldSimple|10\.0\.0\.1/);
    expect(extractDocumentText(bytes)).toBe(
      'Campo:\nrisultato del campo\ncampo semplice\ntesto incluso',
    );
    expect(removed.map((item) => item.kind === 'field' && item.name)).toEqual([
      'INCLUDEPICTURE',
      'INCLUDEPICTURE',
      'INCLUDETEXT',
    ]);
  });

  it('leaves fields that read nothing from outside (PAGE, nested in none) as they are', () => {
    const docx = buildDocx(['Pagina']);
    const zip = new PizZip(docx);
    zip.file(
      'word/document.xml',
      (zip.file('word/document.xml')?.asText() ?? '').replace(
        '<w:sectPr/>',
        '<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> PAGE </w:instrText></w:r><w:r><w:fldChar w:fldCharType="separate"/></w:r><w:r><w:t>1</w:t></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p><w:sectPr/>',
      ),
    );
    const withPage = zip.generate({ type: 'nodebuffer' });
    const result = stripExternalContent(withPage);
    expect(result.bytes).toBe(withPage);
    expect(result.removed).toEqual([]);
  });

  it('removes an attached template (Normal.dotm) and its element in settings.xml', () => {
    const target = 'file:///C:/Users/avv/AppData/Roaming/Microsoft/Templates/Normal.dotm';
    const { bytes, removed } = stripExternalContent(docxWithAttachedTemplate(target));
    expect(part(bytes, 'word/_rels/settings.xml.rels')).not.toContain('Normal.dotm');
    expect(part(bytes, 'word/settings.xml')).not.toContain('attachedTemplate');
    expect(part(bytes, 'word/settings.xml')).toContain('w:defaultTabStop');
    expect(removed).toEqual([{ kind: 'relationship', type: 'attachedTemplate', target }]);
  });

  it('gives back the very same bytes when there is nothing to remove', () => {
    const docx = buildDocx(['Niente da togliere']);
    expect(stripExternalContent(docx).bytes).toBe(docx);
  });

  it('keeps review comments unless asked, then removes every trace of them', () => {
    const docx = docxWithComments(['Primo', 'Secondo']);
    expect(stripExternalContent(docx).bytes).toBe(docx);
    const { bytes, removed } = stripExternalContent(docx, { withoutComments: true });
    const zip = new PizZip(bytes);
    expect(Object.keys(zip.files).filter((name) => /comments/i.test(name))).toEqual([]);
    const everything = Object.values(zip.files)
      .map((file) => file.asText())
      .join('');
    expect(everything).not.toMatch(/comment/i);
    expect(everything).not.toContain(COMMENT_TEXT);
    expect(extractDocumentText(bytes)).toBe('Primo\nSecondo');
    expect(removed).toEqual([{ kind: 'comments' }]);
  });
});

describe('removedContentWarning', () => {
  it('names, in Italian, each picture and field the file lost', () => {
    const { removed } = stripExternalContent(docxWithIncludePicture(URL));
    expect(removedContentWarning('Anteprima', removed)).toEqual([
      messages.documents.externalContent.removed(
        'Anteprima',
        'campo INCLUDEPICTURE, campo INCLUDETEXT',
      ),
    ]);
    expect(removedContentWarning('Master', [])).toEqual([]);
  });

  it('says nothing of an attached template or of comments: the lawyer reads the same', () => {
    const removed = [
      { kind: 'relationship', type: 'attachedTemplate', target: 'file:///C:/Normal.dotm' },
      { kind: 'comments' },
    ] as const;
    expect(removedContentWarning('Master', removed)).toEqual([]);
  });
});
