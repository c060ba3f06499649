import type { RelatedWord } from './code-search-index.js';

/**
 * Medical words built from Greek and Latin combining forms ("glosso-dynia": tongue pain,
 * "retino-choroid-itis": inflammation of retina and choroid) said in the plain words code
 * titles use. A hand list, and says so: a title-only import holds no such knowledge and a
 * general dictionary knows few of these words. Written from the standard combining forms
 * of medical terminology; only forms whose plain word is what classifications write.
 */
const ROOTS: Readonly<Record<string, string>> = {
  aden: 'gland',
  amel: 'enamel',
  angi: 'vessel',
  arteri: 'artery',
  arthr: 'joint',
  blephar: 'eyelid',
  bronch: 'bronchus',
  cardi: 'heart',
  cephal: 'head',
  cerebr: 'brain',
  cheil: 'lip',
  chil: 'lip',
  chol: 'bile',
  cholecyst: 'gallbladder',
  choledoch: 'bile duct',
  chondr: 'cartilage',
  chori: 'choroid',
  choroid: 'choroid',
  col: 'colon',
  colp: 'vagina',
  cost: 'rib',
  crani: 'skull',
  cyst: 'bladder',
  dacry: 'lacrimal',
  dactyl: 'finger',
  derm: 'skin',
  dermat: 'skin',
  duoden: 'duodenum',
  encephal: 'brain',
  enter: 'intestine',
  esophag: 'esophagus',
  gastr: 'stomach',
  gingiv: 'gingiva',
  gloss: 'tongue',
  gnath: 'jaw',
  hemat: 'blood',
  hepat: 'liver',
  hidr: 'sweat',
  hyster: 'uterus',
  ile: 'ileum',
  kerat: 'cornea',
  lapar: 'abdomen',
  laryng: 'larynx',
  lingu: 'tongue',
  mast: 'breast',
  mamm: 'breast',
  mening: 'meninges',
  metr: 'uterus',
  myo: 'muscle',
  myring: 'tympanic membrane',
  nephr: 'kidney',
  neur: 'nerve',
  ocul: 'eye',
  odont: 'tooth',
  onych: 'nail',
  oophor: 'ovary',
  ophthalm: 'eye',
  orchi: 'testis',
  orchid: 'testis',
  oste: 'bone',
  ot: 'ear',
  pancreat: 'pancreas',
  pharyng: 'pharynx',
  phleb: 'vein',
  pneum: 'lung',
  pneumon: 'lung',
  proct: 'rectum',
  prostat: 'prostate',
  pyel: 'renal pelvis',
  rect: 'rectum',
  ren: 'kidney',
  retin: 'retina',
  rhin: 'nose',
  salping: 'fallopian tube',
  sial: 'salivary',
  sigmoid: 'sigmoid',
  spondyl: 'vertebra',
  splen: 'spleen',
  stomat: 'mouth',
  ten: 'tendon',
  tendin: 'tendon',
  thorac: 'thorax',
  thyr: 'thyroid',
  trache: 'trachea',
  tympan: 'tympanic',
  ureter: 'ureter',
  urethr: 'urethra',
  uter: 'uterus',
  vascul: 'vessel',
  ven: 'vein',
  vesic: 'bladder',
};

/** Forms that only begin a word. */
const PREFIXES: Readonly<Record<string, string>> = {
  brady: 'slow',
  macro: 'large',
  micro: 'small',
  tachy: 'rapid',
};

/** Forms that only end a word (before a grammatical ending). */
const SUFFIXES: Readonly<Record<string, string>> = {
  algia: 'pain',
  dynia: 'pain',
  cele: 'hernia',
  ectasia: 'dilatation',
  ectasis: 'dilatation',
  emia: 'blood',
  genesis: 'development',
  itis: 'inflammation',
  lith: 'calculus',
  lithiasis: 'calculus',
  malacia: 'softening',
  megaly: 'enlargement',
  pathy: 'disease',
  penia: 'deficiency',
  plegia: 'paralysis',
  ptosis: 'prolapse',
  rrhagia: 'hemorrhage',
  rrhage: 'hemorrhage',
  rrhea: 'discharge',
  uria: 'urine',
};

/** Grammatical endings left after the last form ("chorioretin-al", "gastr-ic"). */
const ENDINGS = ['', 'a', 'al', 'ar', 'e', 'ia', 'ic', 'is', 'ous', 'um', 'us', 'y'];
/** Vowels that join two forms ("gastr-o-enter-itis"). */
const LINKS = ['', 'o', 'i'];
const MIN_WORD_LENGTH = 7;
/** The roots by their first letter, longest first ("cholecyst" before "chol"). */
const ROOTS_BY_LETTER = new Map<string, string[]>();
for (const root of Object.keys(ROOTS).sort((a, b) => b.length - a.length)) {
  ROOTS_BY_LETTER.set(root[0], [...(ROOTS_BY_LETTER.get(root[0]) ?? []), root]);
}
/** Meanings already worked out, per word (a system's titles repeat their words). */
const memo = new Map<string, string[]>();
const MEMO_SIZE = 50_000;

/**
 * The plain words a compound medical word is made of, or none when it is not made of at
 * least two known forms that account for all of it (up to a grammatical ending): at most one
 * prefix, any number of roots, at most one suffix ("gastroenteritis": stomach, intestine,
 * inflammation).
 */
export function combiningFormMeanings(word: string): string[] {
  const lower = word.toLowerCase();
  if (lower.length < MIN_WORD_LENGTH || !/^[a-z]+$/.test(lower)) return [];
  let meanings = memo.get(lower);
  if (meanings === undefined) {
    meanings = meaningsOf(lower);
    if (memo.size >= MEMO_SIZE) memo.clear();
    memo.set(lower, meanings);
  }
  return meanings;
}

function meaningsOf(word: string): string[] {
  for (const [prefix, meaning] of [['', ''], ...Object.entries(PREFIXES)]) {
    if (!word.startsWith(prefix)) continue;
    const rest = split(word, prefix.length, prefix === '' ? 0 : 1);
    if (rest !== null) return meaning === '' ? rest : [meaning, ...rest];
  }
  return [];
}

/** The meanings of `word` from `start` as roots then at most one suffix, or null. */
function split(word: string, start: number, found: number): string[] | null {
  if (endsWithEnding(word, start)) return found >= 2 ? [] : null;
  for (const [suffix, meaning] of Object.entries(SUFFIXES)) {
    if (found >= 1 && word.startsWith(suffix, start) && endsWithEnding(word, start + suffix.length))
      return [meaning];
  }
  for (const root of ROOTS_BY_LETTER.get(word[start]) ?? []) {
    if (!word.startsWith(root, start)) continue;
    const next = start + root.length;
    for (const link of LINKS) {
      if (link !== '' && !word.startsWith(link, next)) continue;
      const rest = split(word, next + link.length, found + 1);
      if (rest !== null) return [ROOTS[root], ...rest];
    }
  }
  return null;
}

/** Whether what is left of `word` from `start` is a grammatical ending (or nothing). */
function endsWithEnding(word: string, start: number): boolean {
  return ENDINGS.some((ending) => word.length - start === ending.length && word.endsWith(ending));
}

/** The plain words of a text's compound words, as one text ('' when it has none). */
export function combiningFormsOfText(text: string): string {
  return (text.toLowerCase().match(/[a-z]+/g) ?? []).flatMap(combiningFormMeanings).join(' ');
}

/** A query word's related words by its combining forms (`search`'s expansions), each at full closeness. */
export function combiningFormRelated(word: string): RelatedWord[] {
  return [...new Set(combiningFormMeanings(word).flatMap((meaning) => meaning.split(' ')))].map(
    (plain) => ({ word: plain, weight: 1 }),
  );
}
