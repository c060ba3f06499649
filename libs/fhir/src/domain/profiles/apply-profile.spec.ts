import { beforeAll, describe, expect, it } from 'vitest';
import type { Resource } from '../fhir-types.js';
import { loadFhirDefinitions } from '../fhir-definitions.js';
import { applyProfile } from './apply-profile.js';

const URL = 'http://acme.org/fhir/StructureDefinition/acme-condition';

/** A differential-only profile: the snapshot is generated from the base Condition. */
const profile = {
  resourceType: 'StructureDefinition',
  id: 'acme-condition',
  url: URL,
  type: 'Condition',
  baseDefinition: 'http://hl7.org/fhir/StructureDefinition/Condition',
  derivation: 'constraint',
  differential: {
    element: [
      { id: 'Condition.subject', path: 'Condition.subject', min: 1 },
      {
        id: 'Condition.category',
        path: 'Condition.category',
        min: 1,
        patternCodeableConcept: {
          coding: [{ system: 'http://acme.org/category', code: 'cardio' }],
        },
      },
      { id: 'Condition.language', path: 'Condition.language', fixedCode: 'en' },
      { id: 'Condition.onset[x]', path: 'Condition.onset[x]', min: 1 },
    ],
  },
};

describe('applyProfile', () => {
  beforeAll(() => loadFhirDefinitions());

  const condition = {
    resourceType: 'Condition',
    subject: { reference: 'Patient/1' },
    code: { text: 'angina' },
    onsetDateTime: '2020-01-01',
    category: [
      {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/condition-category',
            code: 'problem-list-item',
          },
        ],
      },
    ],
  } as unknown as Resource;

  it('claims the profile, sets fixed and pattern values, and validates', () => {
    const result = applyProfile(condition, profile);
    expect(result.unfilled).toEqual([]);
    expect(result.invalid).toEqual([]);
    const out = result.resource as unknown as Record<string, any>;
    expect(out.meta.profile).toEqual([URL]);
    expect(out.language).toBe('en');
    // The pattern is merged into the builder's category (every repetition must match it).
    expect(out.category).toHaveLength(1);
    expect(out.category[0].coding.map((coding: { code: string }) => coding.code)).toEqual([
      'problem-list-item',
      'cardio',
    ]);
  });

  it('names the required elements it could not fill', () => {
    const {
      onsetDateTime: _onset,
      subject: _subject,
      ...bare
    } = condition as unknown as Record<string, unknown>;
    const result = applyProfile(bare as unknown as Resource, profile);
    expect(result.unfilled).toEqual(['Condition.subject', 'Condition.onset[x]']);
  });

  it('reports what the validator finds against the profile', () => {
    const strict = {
      ...profile,
      differential: {
        element: [{ id: 'Condition.code', path: 'Condition.code', max: '0' }],
      },
    };
    expect(applyProfile(condition, strict).invalid.length).toBeGreaterThan(0);
  });

  describe('bound value sets', () => {
    const VS = 'http://acme.org/fhir/ValueSet/acme-conditions';
    const SEVERITY_VS = 'http://acme.org/fhir/ValueSet/acme-severity';
    const bound = (strength: string, extra: Record<string, unknown>[] = []) => ({
      ...profile,
      differential: {
        element: [
          {
            id: 'Condition.code',
            path: 'Condition.code',
            binding: { strength, valueSet: `${VS}|1.0.0` },
          },
          ...extra,
        ],
      },
    });
    const valueSets = {
      [VS]: {
        resourceType: 'ValueSet',
        url: VS,
        compose: {
          include: [
            {
              system: 'http://acme.org/codes',
              concept: [
                { code: 'ang', display: 'Angina' },
                { code: 'mi', display: 'Myocardial infarction' },
              ],
            },
          ],
        },
      },
      [SEVERITY_VS]: {
        resourceType: 'ValueSet',
        url: SEVERITY_VS,
        expansion: { contains: [{ system: 'http://acme.org/sev', code: 'mild', display: 'Mild' }] },
      },
    };

    it('takes the code of the value set whose display is the text, and fills a one-code value set', () => {
      const result = applyProfile(
        condition,
        bound('required', [
          {
            id: 'Condition.severity',
            path: 'Condition.severity',
            min: 1,
            binding: { strength: 'required', valueSet: SEVERITY_VS },
          },
        ]),
        valueSets,
      );
      expect(result.unbound).toEqual([]);
      expect(result.invalid).toEqual([]);
      const out = result.resource as unknown as Record<string, any>;
      expect(out.code).toEqual({
        text: 'angina',
        coding: [{ system: 'http://acme.org/codes', code: 'ang', display: 'Angina' }],
      });
      expect(out.severity).toEqual({
        coding: [{ system: 'http://acme.org/sev', code: 'mild', display: 'Mild' }],
      });
    });

    it('names a required binding no code meets; an extensible one keeps the text', () => {
      const other = { ...condition, code: { text: 'gout' } } as unknown as Resource;
      expect(applyProfile(other, bound('required'), valueSets).unbound).toEqual([
        `Condition.code (value set ${VS})`,
      ]);
      const extensible = applyProfile(other, bound('extensible'), valueSets);
      expect(extensible.unbound).toEqual([]);
      expect((extensible.resource as unknown as Record<string, any>).code).toEqual({
        text: 'gout',
      });
      // A value set the account does not have is not checked.
      expect(applyProfile(other, bound('required'), {}).unbound).toEqual([]);
    });
  });
});
