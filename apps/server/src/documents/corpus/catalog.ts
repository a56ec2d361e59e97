import { accessoACampo } from './accesso-a-campo/source.ts';
import { casellaDiTesto } from './casella-di-testo/source.ts';
import { chiamataDiMetodo } from './chiamata-di-metodo/source.ts';
import { chiusuraSuInterruzioneDiSezione } from './chiusura-su-interruzione-di-sezione/source.ts';
import { cicloSenzaPunto } from './ciclo-senza-punto/source.ts';
import { commenti } from './commenti/source.ts';
import { condizioneConInterruzioniDiPagina } from './condizione-con-interruzioni-di-pagina/source.ts';
import { condizioneSuRigaDiTabella } from './condizione-su-riga-di-tabella/source.ts';
import { controlliContenuto } from './controlli-contenuto/source.ts';
import type { CorpusCase } from './corpus-case.ts';
import { doppieGraffe } from './doppie-graffe/source.ts';
import { elencoTraQuadre } from './elenco-tra-quadre/source.ts';
import { revisioniECommenti } from './revisioni-e-commenti/source.ts';
import { runSpezzatiECorrettore } from './run-spezzati-e-correttore/source.ts';
import { segnalibroInCondizione } from './segnalibro-in-condizione/source.ts';
import { sezioneConConfronto } from './sezione-con-confronto/source.ts';
import { sezioneSenzaConfronto } from './sezione-senza-confronto/source.ts';
import { stampaUnione } from './stampa-unione/source.ts';
import { tagErratiNelleParti } from './tag-errati-nelle-parti/source.ts';
import { tagInTitoliEdElenchi } from './tag-in-titoli-ed-elenchi/source.ts';
import { tagNelleParti } from './tag-nelle-parti/source.ts';
import { virgoletteCurve } from './virgolette-curve/source.ts';
import { buildCorpusDocx } from './word-package.ts';

/** Every fixture of the lint corpus: the Word habits of issue 12, items 1 to 6, then the rest. */
export const CORPUS: readonly CorpusCase[] = [
  revisioniECommenti,
  commenti,
  sezioneSenzaConfronto,
  sezioneConConfronto,
  cicloSenzaPunto,
  accessoACampo,
  chiamataDiMetodo,
  elencoTraQuadre,
  tagInTitoliEdElenchi,
  chiusuraSuInterruzioneDiSezione,
  segnalibroInCondizione,
  tagNelleParti,
  tagErratiNelleParti,
  doppieGraffe,
  stampaUnione,
  virgoletteCurve,
  runSpezzatiECorrettore,
  casellaDiTesto,
  controlliContenuto,
  condizioneSuRigaDiTabella,
  condizioneConInterruzioniDiPagina,
];

export const CORPUS_FILE_NAMES = ['master.docx', 'preview.docx'] as const;
export type CorpusFileName = (typeof CORPUS_FILE_NAMES)[number];

/** The files of a fixture, byte for byte as committed under `corpus/<slug>/`. */
export function buildCorpusFiles(fixture: CorpusCase): Record<CorpusFileName, Buffer> {
  return {
    'master.docx': buildCorpusDocx(fixture.master),
    'preview.docx': buildCorpusDocx(
      fixture.preview ?? {
        body: `<w:p><w:r><w:t xml:space="preserve">ANTEPRIMA – ${fixture.slug}</w:t></w:r></w:p>`,
      },
    ),
  };
}
