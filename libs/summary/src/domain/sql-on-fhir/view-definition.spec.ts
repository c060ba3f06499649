import { describe, expect, it } from 'vitest';
import { expectedFailure } from '@app/shared';
import { parseViewDefinition } from './view-definition.js';

function problemsOf(view: unknown): { path: string; problem: string }[] {
  try {
    parseViewDefinition(view);
  } catch (error) {
    const failure = expectedFailure(error);
    if (failure) {
      expect(failure.status).toBe(400);
      expect(failure.code).toBe('SUMMARY.INVALID_VIEW_DEFINITION');
      return failure.details as { path: string; problem: string }[];
    }
    throw error;
  }
  throw new Error('expected the view to be refused');
}

const column = (name: string, path = 'id') => ({ name, path });

describe('checking a ViewDefinition', () => {
  it('orders columns as the spec does: column, then nested select, then unionAll', () => {
    const view = parseViewDefinition({
      resource: 'Patient',
      select: [
        {
          column: [column('a')],
          select: [{ column: [column('b')] }],
          unionAll: [{ column: [column('c')] }, { column: [column('c', 'gender')] }],
        },
        { column: [column('d')] },
      ],
    });
    expect(view.columnNames).toEqual(['a', 'b', 'c', 'd']);
  });

  it('lists every problem at once with its place', () => {
    const problems = problemsOf({
      select: [
        { column: [{ name: 'bad name', path: 'id' }, { name: 'x' }], forEach: 'name.where(' },
      ],
      where: [{ path: 'active' }, {}],
    });
    expect(problems.map((problem) => problem.path)).toEqual(
      expect.arrayContaining([
        'resource',
        'select[0].column[0].name',
        'select[0].column[1].path',
        'select[0].forEach',
        'where[1].path',
      ]),
    );
  });

  it.each([
    ['no select', { resource: 'Patient' }, 'select'],
    [
      'an unknown resource type',
      { resource: 'Patinet', select: [{ column: [column('id')] }] },
      'resource',
    ],
    [
      'forEach and forEachOrNull together',
      {
        resource: 'Patient',
        select: [{ forEach: 'name', forEachOrNull: 'name', column: [column('id')] }],
      },
      'select[0]',
    ],
    [
      'duplicate column names',
      { resource: 'Patient', select: [{ column: [column('id'), column('id')] }] },
      'select',
    ],
    [
      'unionAll branches with different columns',
      {
        resource: 'Patient',
        select: [{ unionAll: [{ column: [column('a')] }, { column: [column('b')] }] }],
      },
      'select[0].unionAll[1]',
    ],
  ])('refuses %s', (_label, view, path) => {
    expect(problemsOf(view).map((problem) => problem.path)).toContain(path);
  });
});
