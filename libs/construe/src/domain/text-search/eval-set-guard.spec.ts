import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLINICAL_ABBREVIATIONS } from './clinical-abbreviations.js';

const ROOT = new URL('../../../../../', import.meta.url).pathname;
const DEV_SET = join(ROOT, '../shared/reference/nlp/eval/icd10cm-2021-inclusion-terms-dev.tsv');
const available = existsSync(DEV_SET);
if (!available) console.warn(`Skipping the evaluation-set guard: ${DEV_SET} not found`);

/** The inclusion terms of the dev set that are specific enough to be recognised (two words or more). */
function devTerms(): string[] {
  return readFileSync(DEV_SET, 'utf8')
    .split('\n')
    .slice(1)
    .map((line) => line.split('\t')[1]?.trim().toLowerCase() ?? '')
    .filter((term) => term.split(/\s+/).length >= 2 && term.length >= 12);
}

function filesUnder(directory: string, keep: (path: string) => boolean): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return filesUnder(path, keep);
    return keep(path) ? [path] : [];
  });
}

describe.skipIf(!available)('the ICD-10-CM inclusion-term dev set stays unseen', () => {
  it('is in no built-in lexicon, test fixture or benchmark query of construe', () => {
    const texts = [
      JSON.stringify(CLINICAL_ABBREVIATIONS),
      ...filesUnder(join(ROOT, 'libs/construe/src'), (path) => path.endsWith('.ts')).map((path) =>
        readFileSync(path, 'utf8'),
      ),
      readFileSync(join(ROOT, 'bench/construe/queries.json'), 'utf8'),
      ...filesUnder(join(ROOT, 'test/e2e'), (path) => /construe/.test(path)).map((path) =>
        readFileSync(path, 'utf8'),
      ),
    ].map((text) => text.toLowerCase());
    const terms = devTerms();
    expect(terms.length).toBeGreaterThan(1_000);
    const leaked = terms.filter((term) => texts.some((text) => text.includes(term)));
    expect(leaked).toEqual([]);
  });
});
