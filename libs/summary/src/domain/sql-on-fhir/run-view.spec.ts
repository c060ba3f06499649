import { describe, expect, it } from 'vitest';
import { AppError } from '@app/shared';
import type { FhirResource } from '../fhir/fhir-resource.js';
import { runViewDefinition } from './run-view.js';
import { parseViewDefinition } from './view-definition.js';

const patients: FhirResource[] = [
  {
    resourceType: 'Patient',
    id: 'a',
    active: true,
    name: [
      { use: 'official', family: 'Ames', given: ['Ann', 'Beth'] },
      { family: 'Old', given: ['Annie'] },
    ],
    link: [{ other: { reference: 'Patient/b' } }],
  },
  { resourceType: 'Patient', id: 'b', active: false },
  {
    resourceType: 'Observation',
    id: 'o',
    status: 'final',
    code: { text: 'x' },
    subject: { reference: 'Patient/a' },
  },
];

const run = (view: unknown) => runViewDefinition(parseViewDefinition(view), patients);

describe('running a ViewDefinition', () => {
  it('gives one row per resource of the view type, null for missing values', () => {
    expect(
      run({
        resource: 'Patient',
        select: [
          {
            column: [
              { name: 'id', path: 'id' },
              { name: 'family', path: "name.where(use = 'official').family" },
            ],
          },
        ],
      }),
    ).toEqual([
      { id: 'a', family: 'Ames' },
      { id: 'b', family: null },
    ]);
  });

  it('multiplies rows with forEach, keeps an empty row with forEachOrNull, and numbers them with %rowIndex', () => {
    const view = (kind: 'forEach' | 'forEachOrNull') => ({
      resource: 'Patient',
      select: [
        { column: [{ name: 'id', path: 'id' }] },
        {
          [kind]: 'name',
          column: [
            { name: 'family', path: 'family' },
            { name: 'n', path: '%rowIndex' },
          ],
        },
      ],
    });
    expect(run(view('forEach'))).toEqual([
      { id: 'a', family: 'Ames', n: 0 },
      { id: 'a', family: 'Old', n: 1 },
    ]);
    expect(run(view('forEachOrNull'))).toContainEqual({ id: 'b', family: null, n: 0 });
  });

  it('appends unionAll branches and applies where clauses and constants', () => {
    const rows = run({
      resource: 'Patient',
      constant: [{ name: 'wanted', valueBoolean: true }],
      where: [{ path: 'active = %wanted' }],
      select: [
        {
          column: [{ name: 'id', path: 'id' }],
          unionAll: [
            { forEach: 'name.given', column: [{ name: 'text', path: '$this' }] },
            { forEach: 'name', column: [{ name: 'text', path: 'family' }] },
          ],
        },
      ],
    });
    expect(rows.map((row) => row.text)).toEqual(['Ann', 'Beth', 'Annie', 'Ames', 'Old']);
  });

  it('keeps collections when asked and joins resources with getResourceKey/getReferenceKey', () => {
    expect(
      run({
        resource: 'Patient',
        select: [
          {
            column: [
              { name: 'given', path: 'name.given', collection: true },
              { name: 'linked', path: 'link.other.getReferenceKey(Patient)' },
              { name: 'key', path: 'getResourceKey()' },
            ],
          },
        ],
      }),
    ).toEqual([
      { given: ['Ann', 'Beth', 'Annie'], linked: 'b', key: 'a' },
      { given: [], linked: null, key: 'b' },
    ]);
  });

  it('answers 400 when a column gives several values without collection, or where is not boolean', () => {
    for (const view of [
      { resource: 'Patient', select: [{ column: [{ name: 'family', path: 'name.family' }] }] },
      {
        resource: 'Patient',
        where: [{ path: 'name.family' }],
        select: [{ column: [{ name: 'id', path: 'id' }] }],
      },
    ]) {
      expect(() => run(view)).toThrow(AppError);
    }
  });
});
