import { describe, expect, it } from 'vitest';
import { AthenaFormatError, columnIndexes, parseAthenaLine } from './athena-row.js';
import { vocabularyTable } from './athena-tables.js';

describe('Athena rows', () => {
  const concept = vocabularyTable('concept');
  const header =
    'concept_id\tconcept_name\tdomain_id\tvocabulary_id\tconcept_class_id\tstandard_concept\tconcept_code\tvalid_start_date\tvalid_end_date\tinvalid_reason';

  it('types cells by column, YYYYMMDD dates included', () => {
    const indexes = columnIndexes(concept, header.split('\t'));
    expect(
      parseAthenaLine(
        concept,
        indexes,
        '8507\tMALE\tGender\tGender\tGender\tS\tM\t19700101\t20991231\t',
      ),
    ).toEqual([
      8507,
      'MALE',
      'Gender',
      'Gender',
      'Gender',
      'S',
      'M',
      '1970-01-01',
      '2099-12-31',
      null,
    ]);
  });

  it('follows the header when columns come in another order', () => {
    const reordered =
      'concept_code\tconcept_id\tconcept_name\tdomain_id\tvocabulary_id\tconcept_class_id\tstandard_concept\tvalid_start_date\tvalid_end_date\tinvalid_reason';
    const indexes = columnIndexes(concept, reordered.split('\t'));
    expect(
      parseAthenaLine(
        concept,
        indexes,
        'M\t8507\tMALE\tGender\tGender\tGender\tS\t19700101\t20991231\t',
      ).slice(0, 2),
    ).toEqual([8507, 'MALE']);
  });

  it('refuses a missing required column, a bad integer and a bad date', () => {
    expect(() => columnIndexes(concept, ['concept_id'])).toThrow(
      'CONCEPT: missing column concept_name',
    );
    const indexes = columnIndexes(concept, header.split('\t'));
    expect(() =>
      parseAthenaLine(
        concept,
        indexes,
        'x\tMALE\tGender\tGender\tGender\tS\tM\t19700101\t20991231\t',
      ),
    ).toThrow(AthenaFormatError);
    expect(() =>
      parseAthenaLine(concept, indexes, '1\tMALE\tGender\tGender\tGender\tS\tM\t1970\t20991231\t'),
    ).toThrow(/not a YYYYMMDD date/);
  });
});
