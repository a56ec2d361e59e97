import { type CorpusCase, choice, paragraph, run } from '../corpus-case.ts';

/** The paragraphs inside a text box. */
const boxContent = `<w:txbxContent>${paragraph('Conduttore: {nome_cliente}')}${paragraph('{#deposito == "Sì"}Deposito versato.{/}')}</w:txbxContent>`;

/**
 * A text box (Inserisci › Casella di testo) as Word 2010+ saves it: the DrawingML shape with
 * its VML fallback for older readers, both holding the tags. Handled: both are filled in.
 */
const TEXT_BOX =
  '<w:r><mc:AlternateContent><mc:Choice Requires="wps"><w:drawing>' +
  '<wp:inline distT="0" distB="0" distL="0" distR="0"><wp:extent cx="3600000" cy="720000"/>' +
  '<wp:docPr id="1" name="Casella di testo 1"/>' +
  '<a:graphic><a:graphicData uri="http://schemas.microsoft.com/office/word/2010/wordprocessingShape">' +
  '<wps:wsp><wps:cNvSpPr txBox="1"/><wps:spPr><a:xfrm><a:off x="0" y="0"/><a:ext cx="3600000" cy="720000"/></a:xfrm>' +
  '<a:prstGeom prst="rect"><a:avLst/></a:prstGeom><a:ln w="6350"><a:solidFill><a:srgbClr val="000000"/></a:solidFill></a:ln></wps:spPr>' +
  `<wps:txbx>${boxContent}</wps:txbx><wps:bodyPr rot="0" vert="horz" wrap="square" anchor="t"/></wps:wsp>` +
  '</a:graphicData></a:graphic></wp:inline></w:drawing></mc:Choice>' +
  '<mc:Fallback><w:pict><v:shape id="Casella1" o:spid="_x0000_s1026" type="#_x0000_t202" style="width:283.5pt;height:56.7pt" strokeweight=".5pt">' +
  `<v:textbox>${boxContent}</v:textbox></v:shape></w:pict></mc:Fallback></mc:AlternateContent></w:r>`;

export const casellaDiTesto: CorpusCase = {
  slug: 'casella-di-testo',
  description: 'Tags in a text box (DrawingML with VML fallback): filled in.',
  outcome: 'handled',
  questions: [
    choice('nome_cliente', ['Mario Rossi', 'Anna Bianchi']),
    choice('deposito', ['Sì', 'No']),
  ],
  master: {
    body: [
      paragraph('Riquadro delle parti:'),
      paragraph([TEXT_BOX]),
      paragraph([run('Fine.')]),
    ].join(''),
  },
  lint: { errors: [], warnings: [] },
  renders: [
    {
      answers: { nome_cliente: 'Mario Rossi', deposito: 'Sì' },
      includes: ['Conduttore: Mario Rossi', 'Deposito versato.'],
      excludes: ['{nome_cliente}', '{#deposito'],
      pages: 1,
    },
    {
      answers: { nome_cliente: 'Anna Bianchi', deposito: 'No' },
      includes: ['Conduttore: Anna Bianchi'],
      excludes: ['Deposito versato.'],
      pages: 1,
    },
  ],
};
