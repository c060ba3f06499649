import { describe, expect, it } from 'vitest';
import { DomainError, expectedFailure } from '@app/shared';
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

const BUDGET = { maxRows: 10_000, maxOutputBytes: 1_000_000 };
const run = (view: unknown) => runViewDefinition(parseViewDefinition(view), patients, BUDGET);

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
      expect(() => run(view)).toThrow(DomainError);
    }
  });

  describe('work budget', () => {
    const wide = {
      resourceType: 'Patient',
      id: 'wide',
      name: Array.from({ length: 30 }, (_, index) => ({ family: `F${index}`, given: ['G'] })),
    };
    const siblingForEach = (count: number) =>
      parseViewDefinition({
        resource: 'Patient',
        select: Array.from({ length: count }, (_, index) => ({
          forEach: 'name',
          column: [{ name: `family_${index}`, path: 'family' }],
        })),
      });

    it('refuses sibling forEach selects whose product passes the row limit before building it', () => {
      let thrown: unknown;
      try {
        runViewDefinition(siblingForEach(4), [wide], { maxRows: 10_000, maxOutputBytes: 1e9 });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(DomainError);
      expect(expectedFailure(thrown)?.status).toBe(422);
      expect((thrown as DomainError).code).toBe('SUMMARY.VIEW_OVER_BUDGET');
      expect((thrown as DomainError).message).toContain('10000 rows');
    });

    it('stays within the limits when the product fits', () => {
      expect(
        runViewDefinition(siblingForEach(2), [wide], { maxRows: 10_000, maxOutputBytes: 1e9 }),
      ).toHaveLength(900);
    });

    it('counts rows across resources and output bytes', () => {
      const many = Array.from({ length: 50 }, (_, index) => ({
        resourceType: 'Patient',
        id: `p${index}`,
      }));
      const view = parseViewDefinition({
        resource: 'Patient',
        select: [{ column: [{ name: 'id', path: 'id' }] }],
      });
      expect(() => runViewDefinition(view, many, { maxRows: 49, maxOutputBytes: 1e9 })).toThrow(
        /more than 49 rows/,
      );
      expect(() => runViewDefinition(view, many, { maxRows: 1000, maxOutputBytes: 100 })).toThrow(
        /more than 100 bytes of output/,
      );
      expect(runViewDefinition(view, many, { maxRows: 50, maxOutputBytes: 1e9 })).toHaveLength(50);
    });
  });
});
