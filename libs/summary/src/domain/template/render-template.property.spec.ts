import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { expectedFailure } from '@app/shared';
import { groupByType, readFhirInput } from '../fhir/fhir-input.js';
import { parseTemplate } from './parse-template.js';
import { renderTemplate } from './render-template.js';

// Issue #13: template parsing gives parts or a typed 4xx refusal; rendering never throws.
const PIECES = [
  '<<',
  '>>',
  '{{',
  '}}',
  'Patient',
  'Condition',
  'Observation',
  '[0]',
  '[99]',
  '.name',
  '.code',
  '.birthDate',
  '.where(',
  ')',
  '|',
  'join',
  'upper',
  'age',
  'date',
  ":'d MMM yyyy'",
  "default:'x'",
  'count',
  'last',
  "'",
  ' ',
  'text ',
  '\u0000',
];
const template = fc.oneof(
  fc.string({ maxLength: 120 }),
  fc.array(fc.constantFrom(...PIECES), { maxLength: 25 }).map((pieces) => pieces.join('')),
);
const resources = fc
  .array(
    fc.record({
      resourceType: fc.constantFrom('Patient', 'Condition', 'Observation'),
      name: fc.jsonValue({ maxDepth: 3 }),
      code: fc.jsonValue({ maxDepth: 3 }),
      birthDate: fc.oneof(fc.string(), fc.constant('1980-01-02'), fc.integer()),
    }),
    { maxLength: 4 },
  )
  .map((items) =>
    groupByType(
      readFhirInput({
        resourceType: 'Bundle',
        type: 'collection',
        entry: items.map((resource) => ({ resource })),
      }).entries,
    ),
  );

describe('summary templates on arbitrary input (property)', () => {
  it('parses to parts or a 4xx refusal, and renders without throwing', () => {
    fc.assert(
      fc.property(template, resources, (text, grouped) => {
        let parts;
        try {
          parts = parseTemplate(text);
        } catch (error) {
          const failure = expectedFailure(error);
          if (!failure || failure.status >= 500) throw error;
          return;
        }
        const rendered = renderTemplate(parts, grouped, { now: new Date('2025-01-01T00:00:00Z') });
        expect(typeof rendered.text).toBe('string');
      }),
      { seed: 13, numRuns: 500 },
    );
  });
});
