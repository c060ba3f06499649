import { describe, expect, it } from 'vitest';
import { groupByType, readFhirInput } from '../../fhir/fhir-input.js';
import { formatTemplate, parseTemplate } from '../parse-template.js';
import { renderTemplate } from '../render-template.js';
import { deriveTemplate } from './derive-template.js';

const now = new Date('2026-01-10T00:00:00Z');

function bundleOf(
  patient: Record<string, unknown>,
  condition: Record<string, unknown>,
  observation: Record<string, unknown>,
) {
  return {
    resourceType: 'Bundle',
    type: 'collection',
    entry: [patient, condition, observation].map((resource) => ({ resource })),
  };
}

const example = bundleOf(
  {
    resourceType: 'Patient',
    name: [{ prefix: ['Mr.'], given: ['John', 'Michael'], family: 'Smith' }],
    gender: 'male',
    birthDate: '1970-03-15',
  },
  {
    resourceType: 'Condition',
    code: {
      coding: [
        { system: 'http://snomed.info/sct', code: '38341003', display: 'Hypertensive disorder' },
      ],
      text: 'Hypertension',
    },
    subject: { reference: 'Patient/x' },
    onsetDateTime: '2015-06-01T10:30:00+02:00',
  },
  {
    resourceType: 'Observation',
    status: 'final',
    code: { text: 'Systolic blood pressure' },
    subject: { reference: 'Patient/x' },
    valueQuantity: { value: 142, unit: 'mmHg' },
    effectiveDateTime: '2024-01-10',
  },
);

const other = bundleOf(
  {
    resourceType: 'Patient',
    name: [{ prefix: ['Ms.'], given: ['Jane'], family: 'Doe' }],
    gender: 'female',
    birthDate: '1990-11-02',
  },
  {
    resourceType: 'Condition',
    code: { text: 'Asthma' },
    subject: { reference: 'Patient/y' },
    onsetDateTime: '2001-02-03T08:05:00Z',
  },
  {
    resourceType: 'Observation',
    status: 'final',
    code: { text: 'Systolic blood pressure' },
    subject: { reference: 'Patient/y' },
    valueQuantity: { value: 118, unit: 'mmHg' },
    effectiveDateTime: '2025-12-24',
  },
);

const exampleText =
  'Mr. John Michael Smith is a 55-year-old male born on March 15, 1970. He has had hypertension since June 1, 2015 at 10:30; ' +
  'his systolic blood pressure was 142 mmHg on 2024-01-10.';

function derive(text: string) {
  const resources = groupByType(readFhirInput(example).entries);
  return deriveTemplate(parseTemplate(text), ['Patient', 'Condition', 'Observation'], resources, {
    now,
  });
}

describe('deriving a template from an example summary and its data', () => {
  it('turns names, ages, dates in their spelling, code texts and quantities into placeholders', () => {
    const template = formatTemplate(derive(exampleText).parts);
    expect(template).toBe(
      '<<Patient[0].name[0].prefix|join>> <<Patient[0].name[0].given|join>> <<Patient[0].name[0].family>> is a ' +
        "<<Patient[0].birthDate|age>>-year-old <<Patient[0].gender>> born on <<Patient[0].birthDate|date:'MMMM d, yyyy'>>. " +
        'He has had <<Condition[0].code.text|lower>> since ' +
        '<<Condition[0].onset.ofType(dateTime)|datetime:\'MMMM d, yyyy "at" HH:mm\'>>; his <<Observation[0].code.text|lower>> was ' +
        '<<Observation[0].value.ofType(Quantity).value>> <<Observation[0].value.ofType(Quantity).unit>> on ' +
        '<<Observation[0].effective.ofType(dateTime)>>.',
    );
  });

  it('reports which span of the example became which placeholder', () => {
    const spans = derive(exampleText).spans;
    for (const span of spans) expect(exampleText.slice(span.start, span.end)).toBe(span.text);
    expect(spans.find((span) => span.text === '142')?.placeholder).toBe(
      '<<Observation[0].value.ofType(Quantity).value>>',
    );
  });

  it('reproduces the example exactly when rendered on the same data', () => {
    const resources = groupByType(readFhirInput(example).entries);
    const rendered = renderTemplate(derive(exampleText).parts, resources, { now });
    expect(rendered).toEqual({ text: exampleText, warnings: [] });
  });

  it("renders another patient's data in the same sentence", () => {
    const resources = groupByType(readFhirInput(other).entries);
    const rendered = renderTemplate(derive(exampleText).parts, resources, { now });
    expect(rendered.text).toBe(
      'Ms. Jane Doe is a 35-year-old female born on November 2, 1990. He has had asthma since February 3, 2001 at 08:05; ' +
        'his systolic blood pressure was 118 mmHg on 2025-12-24.',
    );
  });

  it('leaves text without example values literal', () => {
    expect(formatTemplate(derive('Nothing to see here.').parts)).toBe('Nothing to see here.');
  });
});
