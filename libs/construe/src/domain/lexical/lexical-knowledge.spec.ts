import { describe, expect, it } from 'vitest';
import { wordNetFixture, type FixtureSynset } from '../test-support/wordnet-fixture.js';
import {
  DEFAULT_LEXICAL_OPTIONS,
  LexicalKnowledgeBuilder,
  phraseKeys,
  type LexicalOptions,
} from './lexical-knowledge.js';
import { WORDNET_PARTS, type WordNetPart } from './wordnet-lines.js';

/** Invented words in WordNet's manner. */
const SYNSETS: FixtureSynset[] = [
  {
    id: 'nail',
    part: 'noun',
    lemmas: ['onychalgia', 'nail_ache'],
    gloss: 'soreness felt beneath a fingernail',
    pointers: [['@', 'ache']],
  },
  { id: 'ache', part: 'noun', lemmas: ['ache', 'aching'], gloss: 'a dull continuous hurt' },
  {
    id: 'wart',
    part: 'noun',
    lemmas: ['plantar_wart', 'verruca_plantaris'],
    gloss: 'a wart on the sole',
  },
  {
    id: 'hepatic',
    part: 'adj',
    lemmas: ['hepatic'],
    gloss: 'of the liver',
    pointers: [['\\', 'liver']],
  },
  { id: 'liver', part: 'noun', lemmas: ['liver'], gloss: 'a large glandular organ' },
  { id: 'run', part: 'verb', lemmas: ['run', 'sprint'], gloss: 'move fast on foot' },
];

function knowledgeOf(titles: string[], options: Partial<LexicalOptions> = {}) {
  const files = wordNetFixture(SYNSETS);
  const builder = new LexicalKnowledgeBuilder({ ...DEFAULT_LEXICAL_OPTIONS, ...options });
  titles.forEach((title) => builder.addTitle(title));
  for (const part of WORDNET_PARTS)
    for (const line of files.get(`index.${part}`)!.split('\n')) builder.addIndexLine(part, line);
  const lineAt = (part: WordNetPart, offset: number) => {
    const data = Buffer.from(files.get(`data.${part}`)!);
    return data.toString('utf8', offset, data.indexOf(10, offset));
  };
  for (const { part, offset } of builder.synsetsToRead())
    builder.addSynset(part, lineAt(part, offset));
  for (const { part, offset } of builder.pointedToRead())
    builder.addPointed(part, lineAt(part, offset));
  return builder.build();
}

describe('phraseKeys', () => {
  it('gives the stemmed words and phrases of up to n words, stop words left out', () => {
    expect(phraseKeys('Warts of the feet', 2)).toEqual(['wart', 'wart feet', 'feet']);
  });
});

describe('LexicalKnowledgeBuilder', () => {
  it("relates a title word to its synset's other lemmas and its definition's words", () => {
    const words = knowledgeOf(['Onychalgia of thumb']).about('Onychalgia of thumb').join(' ');
    expect(words.split(' ')).toEqual(
      expect.arrayContaining(['nail', 'ache', 'soreness', 'felt', 'beneath', 'fingernail']),
    );
    expect(words).not.toMatch(/\bonychalgia\b/);
  });

  it('looks a phrase of the title up as one lemma', () => {
    const knowledge = knowledgeOf(['Plantar warts, multiple']);
    expect(knowledge.about('Plantar warts, multiple').join(' ')).toContain('verruca plantaris');
  });

  it('follows the chosen pointers only (pertainym, hypernym)', () => {
    const pertainyms = { pointers: ['\\'] };
    expect(knowledgeOf(['Hepatic cyst'], pertainyms).about('Hepatic cyst').join(' ')).toContain(
      'liver',
    );
    expect(knowledgeOf(['Onychalgia'], pertainyms).about('Onychalgia').join(' ')).not.toContain(
      'aching',
    );
    const withHypernyms = knowledgeOf(['Onychalgia'], { pointers: ['@'] });
    expect(withHypernyms.about('Onychalgia').join(' ')).toContain('aching');
  });

  it('reads only the parts of speech asked for', () => {
    expect(knowledgeOf(['Run over']).about('Run over')).toEqual([]);
    expect(
      knowledgeOf(['Run over'], { parts: ['verb'] })
        .about('Run over')
        .join(' '),
    ).toContain('sprint');
  });

  it('looks up only the words of at most maxTitles titles when limited', () => {
    const titles = ['Hepatic cyst', 'Hepatic abscess', 'Onychalgia'];
    const knowledge = knowledgeOf(titles, { maxTitles: 1 });
    expect(knowledge.about('Hepatic cyst')).toEqual([]);
    expect(knowledge.about('Onychalgia')).not.toEqual([]);
  });

  it('reads no synset for titles WordNet does not know', () => {
    const builder = new LexicalKnowledgeBuilder();
    builder.addTitle('Zzyzx qwert');
    for (const line of wordNetFixture(SYNSETS).get('index.noun')!.split('\n'))
      builder.addIndexLine('noun', line);
    expect(builder.synsetsToRead()).toEqual([]);
    expect(builder.build().size).toBe(0);
  });
});
