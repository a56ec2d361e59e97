/**
 * Italian agreement for the parties of a contract (`accorda`): «il conduttore» becomes «la
 * conduttrice», «i conduttori», «le conduttrici» or «la società conduttrice» from the party's
 * `genere` and `forma`, articles and articulated prepositions included («dell'avvocata», «lo
 * studio», «gli». Forms come from a dictionary of the words contracts use about their
 * parties; a word outside it follows the regular endings, and the lint names it.
 */

export type Gender = 'm' | 'f';
export type GrammaticalNumber = 's' | 'p';

/** The four forms of a word: masculine and feminine, singular and plural. */
type Forms = readonly [ms: string, fs: string, mp: string, fp: string];

/** Nouns naming a party: a company takes them as an adjective after «società». */
const ROLE_NOUNS: Record<string, Forms> = {
  conduttore: ['conduttore', 'conduttrice', 'conduttori', 'conduttrici'],
  locatore: ['locatore', 'locatrice', 'locatori', 'locatrici'],
  debitore: ['debitore', 'debitrice', 'debitori', 'debitrici'],
  creditore: ['creditore', 'creditrice', 'creditori', 'creditrici'],
  attore: ['attore', 'attrice', 'attori', 'attrici'],
  prestatore: ['prestatore', 'prestatrice', 'prestatori', 'prestatrici'],
  amministratore: ['amministratore', 'amministratrice', 'amministratori', 'amministratrici'],
  procuratore: ['procuratore', 'procuratrice', 'procuratori', 'procuratrici'],
  consumatore: ['consumatore', 'consumatrice', 'consumatori', 'consumatrici'],
  venditore: ['venditore', 'venditrice', 'venditori', 'venditrici'],
  compratore: ['compratore', 'compratrice', 'compratori', 'compratrici'],
  lavoratore: ['lavoratore', 'lavoratrice', 'lavoratori', 'lavoratrici'],
  datore: ['datore', 'datrice', 'datori', 'datrici'],
  tutore: ['tutore', 'tutrice', 'tutori', 'tutrici'],
  curatore: ['curatore', 'curatrice', 'curatori', 'curatrici'],
  esecutore: ['esecutore', 'esecutrice', 'esecutori', 'esecutrici'],
  mediatore: ['mediatore', 'mediatrice', 'mediatori', 'mediatrici'],
  conciliatore: ['conciliatore', 'conciliatrice', 'conciliatori', 'conciliatrici'],
  collaboratore: ['collaboratore', 'collaboratrice', 'collaboratori', 'collaboratrici'],
  appaltatore: ['appaltatore', 'appaltatrice', 'appaltatori', 'appaltatrici'],
  subappaltatore: ['subappaltatore', 'subappaltatrice', 'subappaltatori', 'subappaltatrici'],
  fornitore: ['fornitore', 'fornitrice', 'fornitori', 'fornitrici'],
  fideiussore: ['fideiussore', 'fideiussora', 'fideiussori', 'fideiussore'],
  dottore: ['dottore', 'dottoressa', 'dottori', 'dottoresse'],
  professore: ['professore', 'professoressa', 'professori', 'professoresse'],
  avvocato: ['avvocato', 'avvocata', 'avvocati', 'avvocate'],
  comodatario: ['comodatario', 'comodataria', 'comodatari', 'comodatarie'],
  mandatario: ['mandatario', 'mandataria', 'mandatari', 'mandatarie'],
  usufruttuario: ['usufruttuario', 'usufruttuaria', 'usufruttuari', 'usufruttuarie'],
  proprietario: ['proprietario', 'proprietaria', 'proprietari', 'proprietarie'],
  affittuario: ['affittuario', 'affittuaria', 'affittuari', 'affittuarie'],
  beneficiario: ['beneficiario', 'beneficiaria', 'beneficiari', 'beneficiarie'],
  intestatario: ['intestatario', 'intestataria', 'intestatari', 'intestatarie'],
  promissario: ['promissario', 'promissaria', 'promissari', 'promissarie'],
  donatario: ['donatario', 'donataria', 'donatari', 'donatarie'],
  cessionario: ['cessionario', 'cessionaria', 'cessionari', 'cessionarie'],
  destinatario: ['destinatario', 'destinataria', 'destinatari', 'destinatarie'],
  affidatario: ['affidatario', 'affidataria', 'affidatari', 'affidatarie'],
  inquilino: ['inquilino', 'inquilina', 'inquilini', 'inquiline'],
  socio: ['socio', 'socia', 'soci', 'socie'],
  figlio: ['figlio', 'figlia', 'figli', 'figlie'],
  perito: ['perito', 'perita', 'periti', 'perite'],
  notaio: ['notaio', 'notaia', 'notai', 'notaie'],
  arbitro: ['arbitro', 'arbitra', 'arbitri', 'arbitre'],
  delegato: ['delegato', 'delegata', 'delegati', 'delegate'],
  incaricato: ['incaricato', 'incaricata', 'incaricati', 'incaricate'],
  assistito: ['assistito', 'assistita', 'assistiti', 'assistite'],
  convenuto: ['convenuto', 'convenuta', 'convenuti', 'convenute'],
  ricorrente: ['ricorrente', 'ricorrente', 'ricorrenti', 'ricorrenti'],
  resistente: ['resistente', 'resistente', 'resistenti', 'resistenti'],
  committente: ['committente', 'committente', 'committenti', 'committenti'],
  comodante: ['comodante', 'comodante', 'comodanti', 'comodanti'],
  mandante: ['mandante', 'mandante', 'mandanti', 'mandanti'],
  delegante: ['delegante', 'delegante', 'deleganti', 'deleganti'],
  rappresentante: ['rappresentante', 'rappresentante', 'rappresentanti', 'rappresentanti'],
  garante: ['garante', 'garante', 'garanti', 'garanti'],
  acquirente: ['acquirente', 'acquirente', 'acquirenti', 'acquirenti'],
  cliente: ['cliente', 'cliente', 'clienti', 'clienti'],
  erede: ['erede', 'erede', 'eredi', 'eredi'],
  titolare: ['titolare', 'titolare', 'titolari', 'titolari'],
  coniuge: ['coniuge', 'coniuge', 'coniugi', 'coniugi'],
  genitore: ['genitore', 'genitrice', 'genitori', 'genitrici'],
  dipendente: ['dipendente', 'dipendente', 'dipendenti', 'dipendenti'],
  testimone: ['testimone', 'testimone', 'testimoni', 'testimoni'],
  professionista: ['professionista', 'professionista', 'professionisti', 'professioniste'],
  consulente: ['consulente', 'consulente', 'consulenti', 'consulenti'],
  presidente: ['presidente', 'presidente', 'presidenti', 'presidenti'],
  giudice: ['giudice', 'giudice', 'giudici', 'giudici'],
  promittente: ['promittente', 'promittente', 'promittenti', 'promittenti'],
  donante: ['donante', 'donante', 'donanti', 'donanti'],
  cedente: ['cedente', 'cedente', 'cedenti', 'cedenti'],
  conferente: ['conferente', 'conferente', 'conferenti', 'conferenti'],
  richiedente: ['richiedente', 'richiedente', 'richiedenti', 'richiedenti'],
  istante: ['istante', 'istante', 'istanti', 'istanti'],
  dichiarante: ['dichiarante', 'dichiarante', 'dichiaranti', 'dichiaranti'],
  esponente: ['esponente', 'esponente', 'esponenti', 'esponenti'],
  interessato: ['interessato', 'interessata', 'interessati', 'interessate'],
};

/** Participles, adjectives and pronouns said of a party: they agree, and never take «società». */
const ATTRIBUTES: Record<string, Forms> = {
  sottoscritto: ['sottoscritto', 'sottoscritta', 'sottoscritti', 'sottoscritte'],
  nato: ['nato', 'nata', 'nati', 'nate'],
  domiciliato: ['domiciliato', 'domiciliata', 'domiciliati', 'domiciliate'],
  residente: ['residente', 'residente', 'residenti', 'residenti'],
  iscritto: ['iscritto', 'iscritta', 'iscritti', 'iscritte'],
  rappresentato: ['rappresentato', 'rappresentata', 'rappresentati', 'rappresentate'],
  difeso: ['difeso', 'difesa', 'difesi', 'difese'],
  obbligato: ['obbligato', 'obbligata', 'obbligati', 'obbligate'],
  tenuto: ['tenuto', 'tenuta', 'tenuti', 'tenute'],
  coniugato: ['coniugato', 'coniugata', 'coniugati', 'coniugate'],
  celibe: ['celibe', 'nubile', 'celibi', 'nubili'],
  nubile: ['celibe', 'nubile', 'celibi', 'nubili'],
  vedovo: ['vedovo', 'vedova', 'vedovi', 'vedove'],
  separato: ['separato', 'separata', 'separati', 'separate'],
  divorziato: ['divorziato', 'divorziata', 'divorziati', 'divorziate'],
  identificato: ['identificato', 'identificata', 'identificati', 'identificate'],
  munito: ['munito', 'munita', 'muniti', 'munite'],
  costituito: ['costituito', 'costituita', 'costituiti', 'costituite'],
  intervenuto: ['intervenuto', 'intervenuta', 'intervenuti', 'intervenute'],
  denominato: ['denominato', 'denominata', 'denominati', 'denominate'],
  qualificato: ['qualificato', 'qualificata', 'qualificati', 'qualificate'],
  citato: ['citato', 'citata', 'citati', 'citate'],
  chiamato: ['chiamato', 'chiamata', 'chiamati', 'chiamate'],
  informato: ['informato', 'informata', 'informati', 'informate'],
  edotto: ['edotto', 'edotta', 'edotti', 'edotte'],
  autorizzato: ['autorizzato', 'autorizzata', 'autorizzati', 'autorizzate'],
  legale: ['legale', 'legale', 'legali', 'legali'],
  solo: ['solo', 'sola', 'soli', 'sole'],
  unico: ['unico', 'unica', 'unici', 'uniche'],
  stesso: ['stesso', 'stessa', 'stessi', 'stesse'],
  medesimo: ['medesimo', 'medesima', 'medesimi', 'medesime'],
  quale: ['quale', 'quale', 'quali', 'quali'],
  egli: ['egli', 'ella', 'essi', 'esse'],
  lui: ['lui', 'lei', 'loro', 'loro'],
  lo: ['lo', 'la', 'li', 'le'],
  gli: ['gli', 'le', 'loro', 'loro'],
  suo: ['suo', 'sua', 'loro', 'loro'],
  signore: ['signore', 'signora', 'signori', 'signore'],
  'sig.': ['sig.', 'sig.ra', 'sigg.', 'sig.re'],
};

/**
 * Words whose gender never changes («la parte», «la società», «lo studio»): only their number
 * does, and an article before them agrees with them, not with the party.
 */
const FIXED: Record<string, readonly [gender: Gender | null, singular: string, plural: string]> = {
  parte: ['f', 'parte', 'parti'],
  società: ['f', 'società', 'società'],
  persona: ['f', 'persona', 'persone'],
  ditta: ['f', 'ditta', 'ditte'],
  impresa: ['f', 'impresa', 'imprese'],
  studio: ['m', 'studio', 'studi'],
  ente: ['m', 'ente', 'enti'],
  lavoro: ['m', 'lavoro', 'lavoro'],
  di: [null, 'di', 'di'],
  e: [null, 'e', 'e'],
};

const SIZE = Object.keys(ROLE_NOUNS).length + Object.keys(ATTRIBUTES).length;
/** How many words the dictionary knows (the issue asks for at least 80). */
export const AGREEMENT_DICTIONARY_SIZE = SIZE;

/**
 * The definite articles, alone and joined to a preposition, in the order il, lo, l', la, i,
 * gli, le (masculine singular before a consonant, before s+consonant and z, before a vowel;
 * feminine singular; masculine plural; masculine plural before a vowel, s+consonant and z;
 * feminine plural).
 */
const JOINED: Record<string, readonly string[]> = {
  '': ['il', 'lo', "l'", 'la', 'i', 'gli', 'le'],
  di: ['del', 'dello', "dell'", 'della', 'dei', 'degli', 'delle'],
  a: ['al', 'allo', "all'", 'alla', 'ai', 'agli', 'alle'],
  da: ['dal', 'dallo', "dall'", 'dalla', 'dai', 'dagli', 'dalle'],
  in: ['nel', 'nello', "nell'", 'nella', 'nei', 'negli', 'nelle'],
  su: ['sul', 'sullo', "sull'", 'sulla', 'sui', 'sugli', 'sulle'],
};

/** An article, or a preposition joined to one («del», «all'»): its preposition. */
const ARTICLES: Record<string, { preposition: string; definite: boolean }> = Object.fromEntries([
  ...Object.entries(JOINED).flatMap(([preposition, forms]) =>
    forms.map((form) => [form, { preposition, definite: true }]),
  ),
  ...['un', 'uno', "un'", 'una'].map((form) => [form, { preposition: '', definite: false }]),
]);

const startsWithVowel = (word: string) => /^[aeiouàèéìòóùh]/i.test(word);
/** «lo studio», «lo zio», «gli gnomi», «lo psicologo», «lo iato». */
const takesLo = (word: string) => /^(s[^aeiouàèéìòóù]|z|gn|ps|pn|x|y|i[aeiou])/i.test(word);

function definiteArticle(
  preposition: string,
  gender: Gender,
  number: GrammaticalNumber,
  next: string,
) {
  const [il, lo, elided, la, i, gli, le] = JOINED[preposition] ?? (JOINED[''] as readonly string[]);
  if (gender === 'f') return number === 's' ? (startsWithVowel(next) ? elided : la) : le;
  if (number === 'p') return startsWithVowel(next) || takesLo(next) ? gli : i;
  return startsWithVowel(next) ? elided : takesLo(next) ? lo : il;
}

function indefiniteArticle(gender: Gender, next: string): string {
  if (gender === 'f') return startsWithVowel(next) ? "un'" : 'una';
  return takesLo(next) ? 'uno' : 'un';
}

const FORM_INDEX = { ms: 0, fs: 1, mp: 2, fp: 3 } as const;

/** The regular endings: -o/-a/-i/-e, -tore/-trice, -e/-e/-i/-i. */
function regularForms(word: string): Forms {
  if (/tore$/.test(word)) {
    const stem = word.slice(0, -4);
    return [word, `${stem}trice`, `${stem}tori`, `${stem}trici`];
  }
  if (/o$/.test(word)) {
    const stem = word.slice(0, -1);
    return [word, `${stem}a`, `${stem}i`, `${stem}e`];
  }
  if (/e$/.test(word)) {
    const stem = word.slice(0, -1);
    return [word, word, `${stem}i`, `${stem}i`];
  }
  return [word, word, word, word];
}

/** The masculine singular a form belongs to: «conduttrice» → conduttore. */
function lemmaOf(word: string): { forms: Forms; role: boolean } | undefined {
  const lower = word.toLowerCase();
  for (const [table, role] of [
    [ROLE_NOUNS, true],
    [ATTRIBUTES, false],
  ] as const) {
    if (table[lower]) return { forms: table[lower], role };
    for (const forms of Object.values(table)) if (forms.includes(lower)) return { forms, role };
  }
  return undefined;
}

/** The words of a phrase `accorda` does not know: they follow the regular endings. */
export function unknownAgreementWords(phrase: string): string[] {
  return words(phrase).filter((word) => {
    const bare = word.replace(TRAILING_PUNCTUATION, '');
    const lower = bare.toLowerCase();
    return !ARTICLES[lower] && !FIXED[lower] && !lemmaOf(bare) && /\p{L}/u.test(bare);
  });
}

/** A comma or the like after a word is kept as it is; the word before it agrees. */
const TRAILING_PUNCTUATION = /[,;:!?)]+$/;

function words(phrase: string): string[] {
  // «l'avvocato» is two words: the article keeps its apostrophe.
  return phrase
    .replace(/['’]/g, "' ")
    .split(/\s+/)
    .filter((word) => word !== '');
}

const matchCase = (model: string, word: string) =>
  model[0] && model[0] === model[0].toUpperCase() && model[0] !== model[0].toLowerCase()
    ? word.charAt(0).toUpperCase() + word.slice(1)
    : word;

export type Agreement = { gender: Gender; number: GrammaticalNumber; company: boolean };

/**
 * Who a party is, for agreement: one item or an elenco's items, each with `genere`
 * (maschile/femminile) and `forma` (persona_fisica/persona_giuridica), or the answer to a
 * party's own `genere` question (`{professionista_genere | accorda:"nato"}`), as a party asked
 * in single questions has no item to carry the field. A group is feminine only when every
 * member is (a company counts as feminine: «la società»).
 */
export function agreementOf(party: unknown): Agreement {
  const members = (Array.isArray(party) ? party : [party])
    .map((member) => (typeof member === 'string' && member !== '' ? { genere: member } : member))
    .filter((member): member is Record<string, unknown> => !!member && typeof member === 'object');
  const isCompany = (member: Record<string, unknown>) =>
    /giuridica|societ/i.test(String(member.forma ?? ''));
  const isFeminine = (member: Record<string, unknown>) =>
    isCompany(member) || /^f/i.test(String(member.genere ?? ''));
  return {
    gender: members.length > 0 && members.every(isFeminine) ? 'f' : 'm',
    number: members.length > 1 ? 'p' : 's',
    company: members.length > 0 && members.every(isCompany),
  };
}

/** `phrase` («il conduttore», «nato», «lo») said of a party with that agreement. */
export function agreePhrase(phrase: string, { gender, number, company }: Agreement): string {
  const key = `${gender}${number}` as keyof typeof FORM_INDEX;
  const input = words(phrase);
  type Part = {
    text: string;
    article?: { preposition: string; definite: boolean };
    gender?: Gender;
  };
  const output: Part[] = [];
  for (const [index, written] of input.entries()) {
    const punctuation = TRAILING_PUNCTUATION.exec(written)?.[0] ?? '';
    const word = written.slice(0, written.length - punctuation.length);
    const lower = word.toLowerCase();
    const article = ARTICLES[lower];
    // «lo studio»: an article; «lo» alone, at the end: the pronoun.
    if (article && index < input.length - 1) {
      output.push({ text: word, article });
      continue;
    }
    const fixed = FIXED[lower];
    if (fixed) {
      const [fixedGender, singular, plural] = fixed;
      output.push({
        text: matchCase(word, number === 's' ? singular : plural) + punctuation,
        ...(fixedGender ? { gender: fixedGender } : {}),
      });
      continue;
    }
    const known = lemmaOf(word);
    const forms = known?.forms ?? regularForms(lower);
    // «il conduttore» of a company: «la società conduttrice».
    if (company && known?.role && output.at(-1)?.article) {
      output.push({ text: 'società', gender: 'f' });
    }
    output.push({ text: matchCase(word, forms[FORM_INDEX[key]]) + punctuation });
  }
  // Articles agree with the word that now follows them: the party's, or a noun's own gender.
  const written = output.map((part, index) => {
    if (!part.article) return part.text;
    const next = output[index + 1];
    const nextText = next?.text ?? '';
    const agreeing = next?.gender ?? gender;
    const chosen = part.article.definite
      ? definiteArticle(part.article.preposition, agreeing, number, nextText)
      : indefiniteArticle(agreeing, nextText);
    return matchCase(part.text, chosen ?? part.text);
  });
  return written.join(' ').replace(/' /g, "'");
}
