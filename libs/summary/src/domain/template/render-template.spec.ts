import { describe, expect, it } from 'vitest';
import { groupByType, readFhirInput } from '../fhir/fhir-input.js';
import { parseTemplate } from './parse-template.js';
import { renderTemplate } from './render-template.js';

const bundle = {
  resourceType: 'Bundle',
  type: 'collection',
  entry: [
    {
      resource: {
        resourceType: 'Patient',
        name: [{ given: ['Ann', 'Beth'], family: 'Ames' }],
        birthDate: '1980-01-02',
      },
    },
    {
      resource: {
        resourceType: 'Condition',
        code: { text: 'Asthma' },
        subject: { reference: 'Patient/x' },
      },
    },
    {
      resource: {
        resourceType: 'Condition',
        code: { coding: [{ display: 'Eczema' }] },
        subject: { reference: 'Patient/x' },
      },
    },
  ],
};
const resources = groupByType(readFhirInput(bundle).entries);
const render = (template: string) =>
  renderTemplate(parseTemplate(template), resources, { now: new Date('2025-01-01T00:00:00Z') });

describe('narrative rendering', () => {
  it('evaluates each placeholder on the resources of its type and applies the filters', () => {
    expect(
      render(
        "<<Patient[0].name[0].given|join>> <<Patient[0].name[0].family|upper>>, <<Patient[0].birthDate|age>>, <<Patient[0].birthDate|date:'d MMM yyyy'>>",
      ).text,
    ).toBe('Ann Beth AMES, 44, 2 Jan 1980');
  });

  it('without an index, evaluates over every resource of the type', () => {
    expect(render('<<Condition.code>> (<<Condition.code|count>>)').text).toBe('Asthma, Eczema (2)');
    expect(render("<<Condition.code|last|lower>>; <<Condition.code|join:' / '>>").text).toBe(
      'eczema; Asthma / Eczema',
    );
  });

  it('renders a complex value as readable text', () => {
    expect(render('<<Patient[0].name>>').text).toBe('Ann Beth Ames');
  });

  it('reports each placeholder that resolves to nothing and still renders the rest', () => {
    const rendered = render(
      "<<Patient[0].gender>> / <<Observation[0].code>> / <<Condition[5].code>> / <<Patient[0].gender|default:'unknown'>>",
    );
    expect(rendered.text).toBe(' /  /  / unknown');
    expect(rendered.warnings).toEqual([
      '<<Patient[0].gender>> resolved to nothing',
      '<<Observation[0].code>> resolved to nothing (the input has no Observation)',
      '<<Condition[5].code>> resolved to nothing (the input has 2 Condition resource(s), so index 5 does not exist)',
    ]);
  });

  it('turns an evaluation failure into a warning', () => {
    const rendered = render('<<Patient[0].name.given.single()>>');
    expect(rendered.text).toBe('');
    expect(rendered.warnings[0]).toMatch(
      /resolved to nothing \(FHIRPath expression "name.given.single\(\)" failed/,
    );
  });
});
