import { describe, expect, it } from 'vitest';
import { athenaLayout, projectLine } from './athena-file.js';
import { vocabularyTable } from './athena-tables.js';

describe('Athena file layout', () => {
  const relationship = vocabularyTable('concept_relationship');
  const header = [
    'concept_id_1',
    'concept_id_2',
    'relationship_id',
    'valid_start_date',
    'valid_end_date',
    'invalid_reason',
  ];

  it('passes lines through when every header column is the table’s, in the header’s order', () => {
    const reordered = ['Concept_ID_2 ', ...header.filter((name) => name !== 'concept_id_2')];
    expect(athenaLayout(relationship, reordered)).toEqual({
      columns: ['concept_id_2', 'concept_id_1', ...header.slice(2)],
      project: null,
    });
    expect(athenaLayout(relationship, header.slice(0, 5)).project).toBeNull();
  });

  it('cuts lines down when the header has columns the table lacks', () => {
    const layout = athenaLayout(relationship, ['note', ...header]);
    expect(layout).toEqual({ columns: header, project: [1, 2, 3, 4, 5, 6] });
    expect(projectLine('x\t1\t2\tMaps to\t19700101\t20991231\t', layout.project!)).toBe(
      '1\t2\tMaps to\t19700101\t20991231\t',
    );
    expect(projectLine('x\t1\t2', layout.project!)).toBe('1\t2\t\t\t\t');
  });

  it('refuses a header without a required column', () => {
    expect(() => athenaLayout(relationship, ['concept_id_1'])).toThrow(
      'missing column concept_id_2',
    );
  });
});
