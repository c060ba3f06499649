import { describe, expect, it } from 'vitest';
import type { OmopMappingResult } from '../../domain/model/mapping-report.js';
import { presentOmopMapping } from './omop-mapping.presenter.js';

describe('presentOmopMapping', () => {
  it('leaves out null fields at every depth, and keeps 0, false and empty strings', () => {
    const result = {
      tables: {
        person: [
          {
            person_id: 7,
            gender_concept_id: 0,
            birth_datetime: null,
            person_source_value: '',
          },
        ],
        measurement: [{ measurement_id: 1, value_as_number: 0, range_low: null }],
      },
      mappings: [
        {
          selected: false,
          target_code: null,
          resolution: { status: 'UNRESOLVED', via: null, paths: [{ cui: null, source_code: 'x' }] },
        },
      ],
      specimen_source_contexts: [],
      provider_role_contexts: [],
      dropped: [],
      diagnostics: [],
      summary: {
        codes_already_standard: 0,
        codes_normalized: 0,
        codes_unmapped: 1,
        off_vocab_rate: 1,
      },
    } as unknown as OmopMappingResult;

    expect(presentOmopMapping(result)).toEqual({
      tables: {
        person: [{ person_id: 7, gender_concept_id: 0, person_source_value: '' }],
        measurement: [{ measurement_id: 1, value_as_number: 0 }],
      },
      mappings: [
        { selected: false, resolution: { status: 'UNRESOLVED', paths: [{ source_code: 'x' }] } },
      ],
      specimen_source_contexts: [],
      provider_role_contexts: [],
      dropped: [],
      diagnostics: [],
      summary: {
        codes_already_standard: 0,
        codes_normalized: 0,
        codes_unmapped: 1,
        off_vocab_rate: 1,
      },
    });
  });
});
