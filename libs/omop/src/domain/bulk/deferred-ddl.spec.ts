import { describe, expect, it } from 'vitest';
import { splitByVocabulary, statementTable } from './deferred-ddl.js';

describe('statementTable', () => {
  it('names the table of foreign keys, indices and CLUSTER statements', () => {
    expect(
      statementTable(
        'ALTER TABLE cdm.person  ADD CONSTRAINT fpk_person_gender_concept_id FOREIGN KEY (gender_concept_id) REFERENCES cdm.CONCEPT (CONCEPT_ID)',
      ),
    ).toBe('person');
    expect(statementTable('CREATE INDEX idx_person_id  ON cdm.person  (person_id ASC)')).toBe(
      'person',
    );
    expect(statementTable('CLUSTER cdm.Measurement  USING idx_measurement_person_id_1')).toBe(
      'measurement',
    );
    expect(statementTable('SELECT 1')).toBeUndefined();
  });
});

describe('splitByVocabulary', () => {
  it('keeps the vocabulary tables apart from the clinical ones', () => {
    const split = splitByVocabulary([
      'ALTER TABLE cdm.concept ADD CONSTRAINT fpk_concept_domain_id FOREIGN KEY (domain_id) REFERENCES cdm.DOMAIN (DOMAIN_ID)',
      'CREATE INDEX idx_concept_code ON cdm.concept (concept_code ASC)',
      'ALTER TABLE cdm.observation ADD CONSTRAINT fpk_observation_person_id FOREIGN KEY (person_id) REFERENCES cdm.PERSON (PERSON_ID)',
      'CLUSTER cdm.observation USING idx_observation_person_id_1',
      'CREATE INDEX idx_source_to_concept_map_3 ON cdm.source_to_concept_map (target_concept_id ASC)',
    ]);
    expect(split.vocabulary.map(statementTable)).toEqual([
      'concept',
      'concept',
      'source_to_concept_map',
    ]);
    expect(split.clinical.map(statementTable)).toEqual(['observation', 'observation']);
  });
});
