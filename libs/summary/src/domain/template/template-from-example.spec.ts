import { describe, expect, it } from 'vitest';
import { readFhirInput } from '../fhir/fhir-input.js';
import { templateFromExample, templateFromText } from './template-from-example.js';

const context = { now: new Date('2026-01-01T00:00:00Z') };

describe('templates from examples', () => {
  it('without example data, normalises the placeholders already in the text and reports them', () => {
    const prepared = templateFromExample(
      'Patient {{Patient.name.family}} ({{Patient.gender|upper}})',
      ['Patient'],
      null,
      context,
    );
    expect(prepared.template).toBe('Patient <<Patient.name.family>> (<<Patient.gender|upper>>)');
    expect(prepared.metadata).toEqual({
      derived_from: 'example_summary',
      placeholder_count: 2,
      spans: [
        {
          start: 8,
          end: 31,
          text: '{{Patient.name.family}}',
          placeholder: '<<Patient.name.family>>',
        },
        {
          start: 33,
          end: 57,
          text: '{{Patient.gender|upper}}',
          placeholder: '<<Patient.gender|upper>>',
        },
      ],
    });
    expect(prepared.warnings).toEqual([]);
  });

  it('warns when nothing became a placeholder, or a target type is missing from the example data', () => {
    expect(templateFromExample('plain text', ['Patient'], null, context).warnings).toHaveLength(1);
    const data = readFhirInput({ resourceType: 'Patient', name: [{ family: 'Ames' }] });
    const prepared = templateFromExample(
      'Ames has no conditions',
      ['Patient', 'Condition'],
      data,
      context,
    );
    expect(prepared.template).toBe('<<Patient[0].name[0].family>> has no conditions');
    expect(prepared.warnings).toEqual([
      'example_fhir_data has no Condition, so no value of one could be found in the text',
    ]);
  });

  it('keeps existing placeholders when deriving, with all spans in text order', () => {
    const data = readFhirInput({
      resourceType: 'Patient',
      name: [{ family: 'Ames' }],
      gender: 'female',
    });
    const prepared = templateFromExample('{{Patient.gender}} Ames', ['Patient'], data, context);
    expect(prepared.template).toBe('<<Patient.gender>> <<Patient[0].name[0].family>>');
    expect(prepared.metadata.spans.map((span) => span.placeholder)).toEqual([
      '<<Patient.gender>>',
      '<<Patient[0].name[0].family>>',
    ]);
  });

  it('checks a hand-written template the same way', () => {
    expect(templateFromText('{{Patient.name}}').template).toBe('<<Patient.name>>');
    expect(() => templateFromText('<<Patient.name|nope>>')).toThrow(/unknown filter/);
  });
});
