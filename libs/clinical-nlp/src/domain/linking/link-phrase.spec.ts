import { describe, expect, it } from 'vitest';
import type { ClinicalPhrase, CodeSearchPort, MedicationMention } from '../clinical-analysis.js';
import { linkPhrase } from './link-phrase.js';

type Target = Parameters<CodeSearchPort['search']>[0];

/**
 * A small vocabulary searched by shared words, as a text index would: every entry sharing a
 * word with the query, best overlap first. It records the searches made.
 */
class WordSearch implements CodeSearchPort {
  readonly searches: [Target, string][] = [];

  constructor(private readonly entries: Partial<Record<Target, [string, string][]>>) {}

  search(target: Target, phrase: string, limit: number) {
    this.searches.push([target, phrase]);
    const words = phrase
      .toLowerCase()
      .split(/[^a-z0-9.%]+/)
      .filter(Boolean);
    const hits = (this.entries[target] ?? [])
      .map(([code, display]) => {
        const offered = display.toLowerCase().split(/[^a-z0-9.%]+/);
        return {
          code,
          display,
          score: words.filter((w) => offered.includes(w)).length / words.length,
        };
      })
      .filter((hit) => hit.score > 0)
      .sort((a, b) => b.score - a.score)
      .slice(0, limit);
    return Promise.resolve(hits);
  }
}

const failing: CodeSearchPort = { search: () => Promise.reject(new Error('vocabulary offline')) };
const empty = new WordSearch({});

const affirmed = {
  negated: false,
  uncertain: false,
  historical: false,
  family: false,
  triggers: [],
};
const phrase = (category: ClinicalPhrase['category'], text: string): ClinicalPhrase => ({
  category,
  span: { start: 0, end: text.length, text },
  assertion: affirmed,
});
const medication = (name: string, extra: Partial<MedicationMention> = {}): MedicationMention => ({
  span: { start: 0, end: name.length, text: name },
  name: { start: 0, end: name.length, text: name },
  assertion: affirmed,
  ...extra,
});

const RXNORM = 'http://www.nlm.nih.gov/research/umls/rxnorm';
const drugs = new WordSearch({
  RXNORM: [
    ['29046', 'lisinopril'],
    ['314076', 'lisinopril 10 MG Oral Tablet'],
    ['316151', 'lisinopril 10 MG'],
    ['1091643', 'lisinopril Oral Tablet'],
    ['205326', 'lisinopril 20 MG Oral Tablet [Zestril]'],
    ['197361', 'amlodipine 5 MG Oral Tablet'],
  ],
});

describe('linkPhrase: built-in lexicon', () => {
  it.each([
    ['lab', 'hemoglobin', 'http://loinc.org', '718-7'],
    ['lab', 'Glucose', 'http://loinc.org', '2345-7'],
    ['lab', 'HbA1c', 'http://loinc.org', '4548-4'],
    ['lab', 'creatinine', 'http://loinc.org', '2160-0'],
    ['observation', 'heart rate', 'http://loinc.org', '8867-4'],
    ['observation', 'BMI', 'http://loinc.org', '39156-5'],
    ['observation', 'former smoker', 'http://loinc.org', '72166-2'],
    ['lab', 'lipid panel', 'http://loinc.org', '24331-1'],
    ['lab', 'CBC', 'http://loinc.org', '58410-2'],
    ['problem', 'hypertension', 'http://snomed.info/sct', '38341003'],
    ['problem', 'Type 2 Diabetes', 'http://snomed.info/sct', '44054006'],
    ['problem', 'kidney stones', 'http://snomed.info/sct', '95570007'],
    ['procedure', 'colonoscopy', 'http://www.ama-assn.org/go/cpt', '45378'],
    ['allergy', 'NKDA', 'http://snomed.info/sct', '409137002'],
  ] as const)('%s "%s" → %s %s with an empty vocabulary', async (category, text, system, code) => {
    const port = new WordSearch({});
    const linked = await linkPhrase(phrase(category, text), port);
    expect(linked?.method).toBe('lexicon');
    expect(linked?.codings[0]).toMatchObject({ system, code });
    // A problem first looks for the vocabulary's own name of it; other kinds ask nothing.
    expect(port.searches.every(([, asked]) => category === 'problem' && asked === text)).toBe(true);
  });

  it('codes a smoking statement as the smoking status observation', async () => {
    const statement = {
      ...phrase('observation', '1 pack per day'),
      valueCode: { system: 'http://snomed.info/sct', code: '449868002', text: '1 pack per day' },
    };
    expect((await linkPhrase(statement, empty))?.codings[0].code).toBe('72166-2');
  });

  it('gives both SNOMED and ICD-10-CM for a common problem, SNOMED first', async () => {
    const linked = await linkPhrase(phrase('problem', 'htn'), empty);
    expect(linked?.codings.map((c) => c.code)).toEqual(['38341003', 'I10']);
  });

  it.each([
    ['essential hypertension', '59621000'],
    ['major depressive disorder', '370143000'],
    ['depression', '35489007'],
    ['generalized anxiety disorder', '21897009'],
  ])('takes the most specific concept the text names: %s', async (text, code) => {
    expect((await linkPhrase(phrase('problem', text), empty))?.codings[0].code).toBe(code);
  });
});

describe("linkPhrase: the vocabulary's own name of a problem", () => {
  it("takes a concept named word for word before the lexicon's broader one", async () => {
    // The lexicon reads "seizure disorder" as epilepsy; the vocabulary names it.
    const port = new WordSearch({
      SNOMED: [
        ['84757009', 'Epilepsy'],
        ['128613002', 'Seizure disorder'],
      ],
    });
    expect(await linkPhrase(phrase('problem', 'seizure disorder'), port)).toMatchObject({
      method: 'name:SNOMED',
      codings: [{ code: '128613002' }],
    });
  });

  it('writes out a short form the lexicon knows to find the longer name', async () => {
    const port = new WordSearch({
      SNOMED: [
        ['84114007', 'Heart failure'],
        ['703272007', 'Heart failure with reduced ejection fraction'],
      ],
    });
    const linked = await linkPhrase(phrase('problem', 'HF with reduced ejection fraction'), port);
    expect(linked?.codings[0].code).toBe('703272007');
  });

  it('respells before giving up on an exact name, and asks each question once', async () => {
    const vocabulary = new WordSearch({ SNOMED: [['26929004', "Alzheimer's disease"]] });
    let respellings = 0;
    const port = {
      search: vocabulary.search.bind(vocabulary),
      respell: (_target: string, text: string) => {
        respellings += 1;
        return Promise.resolve(text.replace('Alzhiemer', 'Alzheimer'));
      },
    };
    const linked = await linkPhrase(phrase('problem', "Alzhiemer's disease"), port);
    expect(linked?.codings[0].code).toBe('26929004');
    expect(respellings).toBe(1);
    expect(new Set(vocabulary.searches.map(String)).size).toBe(vocabulary.searches.length);
  });

  it('keeps the lexicon when the vocabulary only holds a longer name', async () => {
    const port = new WordSearch({ SNOMED: [['59621000', 'Essential hypertension']] });
    const linked = await linkPhrase(phrase('problem', 'hypertension'), port);
    expect(linked?.method).toBe('lexicon');
    expect(linked?.codings[0].code).toBe('38341003');
  });
});

describe('linkPhrase: vocabulary search', () => {
  it('searches SNOMED, then ICD-10-CM, for a problem', async () => {
    const port = new WordSearch({
      SNOMED: [['233604007', 'Pneumonia']],
      ICD10CM: [['J15.9', 'Unspecified bacterial pneumonia']],
    });
    const linked = await linkPhrase(phrase('problem', 'bacterial pneumonia'), port);
    expect(linked).toMatchObject({
      method: 'name:ICD10CM',
      codings: [{ system: 'http://hl7.org/fhir/sid/icd-10-cm', code: 'J15.9' }],
    });
    expect(port.searches).toEqual([
      ['SNOMED', 'bacterial pneumonia'],
      ['ICD10CM', 'bacterial pneumonia'],
    ]);
  });

  it('searches CPT, then SNOMED, for a procedure', async () => {
    const port = new WordSearch({ SNOMED: [['40617009', 'Artificial ventilation']] });
    const linked = await linkPhrase(phrase('procedure', 'artificial ventilation'), port);
    expect(linked).toMatchObject({ method: 'search:SNOMED', codings: [{ code: '40617009' }] });
    expect(port.searches.map(([target]) => target)).toEqual(['CPT', 'SNOMED']);
  });

  it('searches LOINC for a lab the lexicon does not hold', async () => {
    const port = new WordSearch({
      LOINC: [
        ['2947-0', 'Sodium [Moles/volume] in Blood'],
        ['2132-9', 'Cobalamin'],
      ],
    });
    const linked = await linkPhrase(phrase('lab', 'blood sodium'), port);
    expect(linked?.codings[0]).toMatchObject({ system: 'http://loinc.org', code: '2947-0' });
  });

  it('refuses a result that does not cover the phrase', async () => {
    const port = new WordSearch({ SNOMED: [['22298006', 'Myocardial infarction']] });
    expect(
      await linkPhrase(phrase('problem', 'pulmonary infarction of left lung'), port),
    ).toBeNull();
  });

  it('matches a type written in digits to the roman numeral of the vocabulary', async () => {
    const port = new WordSearch({
      ICD10CM: [
        ['F31.9', 'Bipolar disorder, unspecified'],
        ['F31.81', 'Bipolar II disorder'],
      ],
    });
    const linked = await linkPhrase(phrase('problem', 'bipolar type 2 disorder'), port);
    expect(linked?.codings[0]).toMatchObject({ code: 'F31.81' });
  });

  it('respells a misspelt problem only when the words as written found nothing', async () => {
    const vocabulary = new WordSearch({ SNOMED: [['68235000', 'Nasal congestion']] });
    const respelled: string[] = [];
    const port = {
      search: vocabulary.search.bind(vocabulary),
      respell: (_target: string, text: string) => {
        respelled.push(text);
        return Promise.resolve(text.replace('congesiton', 'congestion'));
      },
    };
    const linked = await linkPhrase(phrase('problem', 'nasal congesiton'), port);
    expect(linked?.codings[0].code).toBe('68235000');
    expect(await linkPhrase(phrase('problem', 'nasal congestion'), port)).toMatchObject({
      codings: [{ code: '68235000' }],
    });
    expect(respelled).toEqual(['nasal congesiton']);
  });

  it('treats a failing vocabulary as no match', async () => {
    expect(await linkPhrase(phrase('problem', 'rare syndrome'), failing)).toBeNull();
    expect((await linkPhrase(phrase('lab', 'hemoglobin'), failing))?.codings[0].code).toBe('718-7');
  });
});

describe('linkPhrase: medications at the most specific level the text supports', () => {
  const implants = new WordSearch({
    RXNORM: [
      ['1819', 'buprenorphine'],
      ['1542997', 'buprenorphine 74.2 MG Drug Implant'],
      ['351264', 'buprenorphine 2 MG Sublingual Tablet'],
      ['1542998', 'buprenorphine 74.2 MG Drug Implant [Probuphine]'],
    ],
  });
  const written = (text: string, strength: string, value: number) =>
    medication('buprenorphine', {
      span: { start: 0, end: text.length, text },
      strength: { value, unit: 'mg', text: strength },
    });

  it("reads a dose form its own list lacks from the vocabulary's drug names", async () => {
    const linked = await linkPhrase(
      written('buprenorphine 74.2 mg drug implant', '74.2 mg', 74.2),
      implants,
    );
    expect(linked?.codings[0]).toMatchObject({ code: '1542997' });
  });

  it('takes the only clinical drug of a strength written without a form, tablet or not', async () => {
    const linked = await linkPhrase(
      written('buprenorphine 74.2mg daily', '74.2mg', 74.2),
      implants,
    );
    expect(linked?.codings[0]).toMatchObject({ code: '1542997' });
  });

  it('takes the clinical drug for ingredient + strength + dose form', async () => {
    const linked = await linkPhrase(
      medication('lisinopril', {
        strength: { value: 10, unit: 'mg', text: '10 mg' },
        doseForm: 'Oral Tablet',
      }),
      drugs,
    );
    expect(linked).toMatchObject({
      method: 'search:RXNORM',
      codings: [{ system: RXNORM, code: '314076' }],
    });
  });

  it('takes the oral tablet when a strength but no dose form is written', async () => {
    const linked = await linkPhrase(
      medication('lisinopril', { strength: { value: 10, unit: 'mg', text: '10 mg' } }),
      drugs,
    );
    expect(linked?.codings[0].code).toBe('314076');
  });

  it('takes the only clinical drug of a strength written before the name, in any form', async () => {
    const vocabulary = new WordSearch({
      RXNORM: [
        ['6809', 'metformin'],
        ['860975', '24 HR metformin hydrochloride 500 MG Extended Release Oral Tablet'],
      ],
    });
    const linked = await linkPhrase(
      medication('metformin', { strength: { value: 500, unit: 'mg', text: '500 mg' } }),
      vocabulary,
    );
    expect(linked?.codings[0].code).toBe('860975');
  });

  it('keeps the strength-level component when two forms fit and none is an oral tablet', async () => {
    const vocabulary = new WordSearch({
      RXNORM: [
        ['316151', 'lisinopril 10 MG'],
        ['1', 'lisinopril 10 MG Oral Solution'],
        ['2', 'lisinopril 10 MG Injectable Solution'],
      ],
    });
    const linked = await linkPhrase(
      medication('lisinopril', { strength: { value: 10, unit: 'mg', text: '10 mg' } }),
      vocabulary,
    );
    expect(linked?.codings[0].code).toBe('316151');
  });

  it('reads micrograms as the milligrams RxNorm writes (90 mcg = 0.09 MG/ACTUAT)', async () => {
    const vocabulary = new WordSearch({
      RXNORM: [
        ['435', 'albuterol'],
        ['745679', '200 ACTUAT albuterol 0.09 MG/ACTUAT Metered Dose Inhaler'],
      ],
    });
    const linked = await linkPhrase(
      medication('albuterol', {
        strength: { value: 90, unit: 'ug/{actuat}', text: '90 mcg/actuation' },
        doseForm: 'Metered Dose Inhaler',
      }),
      vocabulary,
    );
    expect(linked?.codings[0].code).toBe('745679');
  });

  it('reaches the ingredient of a brand through the vocabulary, and respells a misspelt name', async () => {
    const vocabulary = new WordSearch({
      RXNORM: [
        ['161', 'acetaminophen'],
        ['313782', 'acetaminophen 325 MG Oral Tablet'],
        ['209387', 'acetaminophen 325 MG Oral Tablet [Tylenol]'],
        ['32968', 'clopidogrel'],
        ['309362', 'clopidogrel 75 MG Oral Tablet'],
      ],
    });
    const port = {
      search: vocabulary.search.bind(vocabulary),
      brandIngredients: (name: string) =>
        Promise.resolve(name.toLowerCase() === 'tylenol' ? ['acetaminophen'] : []),
      respell: (_target: string, phrase: string) =>
        Promise.resolve(phrase.replace(/clopidogrell/i, 'clopidogrel')),
    };
    const brand = await linkPhrase(
      medication('Tylenol', { strength: { value: 325, unit: 'mg', text: '325 mg' } }),
      port,
    );
    expect(brand?.codings[0].code).toBe('209387');
    const misspelt = await linkPhrase(
      medication('Clopidogrell', { strength: { value: 75, unit: 'mg', text: '75mg' } }),
      port,
    );
    expect(misspelt?.codings[0].code).toBe('309362');
  });

  it('takes the dose-form level when no strength is written', async () => {
    const linked = await linkPhrase(medication('lisinopril', { doseForm: 'Oral Tablet' }), drugs);
    expect(linked?.codings[0].code).toBe('1091643');
  });

  it('falls back to the ingredient when the strength is not in the vocabulary', async () => {
    const linked = await linkPhrase(
      medication('lisinopril', {
        strength: { value: 15, unit: 'mg', text: '15 mg' },
        doseForm: 'Oral Tablet',
      }),
      drugs,
    );
    expect(linked?.codings[0]).toMatchObject({
      code: '1091643',
      display: 'lisinopril Oral Tablet',
    });
    const bare = await linkPhrase(
      medication('lisinopril', { strength: { value: 15, unit: 'mg', text: '15 mg' } }),
      drugs,
    );
    expect(bare?.codings[0]).toMatchObject({ code: '29046', display: 'lisinopril' });
  });

  it('takes the branded drug for a brand name with strength and form', async () => {
    const linked = await linkPhrase(
      medication('Zestril', {
        ingredient: 'lisinopril',
        strength: { value: 20, unit: 'mg', text: '20 mg' },
        doseForm: 'Oral Tablet',
      }),
      drugs,
    );
    expect(linked?.codings[0].code).toBe('205326');
  });

  it('gives the built-in ingredient code when the vocabulary has nothing', async () => {
    const linked = await linkPhrase(medication('metformin', { ingredient: 'metformin' }), empty);
    expect(linked).toMatchObject({
      method: 'lexicon',
      codings: [{ system: RXNORM, code: '6809' }],
    });
    expect(await linkPhrase(medication('unknownumab'), empty)).toBeNull();
  });
});

describe('the concept class of a searched code', () => {
  it('is kept on the link, so that a caller can tell a procedure from a disorder', async () => {
    const port: CodeSearchPort = {
      search: (target) =>
        Promise.resolve(
          target === 'SNOMED'
            ? [
                {
                  code: '62114000',
                  display: 'Removal of ear wax',
                  score: 1,
                  conceptClassId: 'Procedure',
                },
              ]
            : [],
        ),
    };
    const linked = await linkPhrase(phrase('problem', 'removal of ear wax'), port);
    expect(linked?.codings[0].code).toBe('62114000');
    expect(linked?.conceptClass).toBe('Procedure');
  });
});

describe('a problem named word for word only by the second vocabulary', () => {
  it('takes the preferred vocabulary close name first', async () => {
    const port = new WordSearch({
      SNOMED: [['82272006', 'Common cold with sore throat']],
      ICD10CM: [['J00', 'Common cold']],
    });
    const linked = await linkPhrase(phrase('problem', 'common cold'), port);
    expect(linked?.codings[0].code).toBe('82272006');
  });

  it('still takes the second vocabulary exact name when the preferred one holds nothing close', async () => {
    const port = new WordSearch({
      SNOMED: [['38341003', 'Hypertensive disorder']],
      ICD10CM: [['J00', 'Common cold']],
    });
    const linked = await linkPhrase(phrase('problem', 'common cold'), port);
    expect(linked?.codings[0].code).toBe('J00');
  });
});
