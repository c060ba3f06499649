import { describe, expect, it } from 'vitest';
import { scanTemplate } from './template-scanner.js';

describe('scanning a template', () => {
  it('splits text from << >> and {{ }} placeholders with their offsets', () => {
    const { segments, problems } = scanTemplate('Hi <<Patient[0].name>>, {{Patient.gender}}!');
    expect(problems).toEqual([]);
    expect(segments).toEqual([
      { kind: 'text', text: 'Hi ', start: 0 },
      {
        kind: 'placeholder',
        source: '<<Patient[0].name>>',
        inner: 'Patient[0].name',
        syntax: '<<',
        start: 3,
        end: 22,
      },
      { kind: 'text', text: ', ', start: 22 },
      {
        kind: 'placeholder',
        source: '{{Patient.gender}}',
        inner: 'Patient.gender',
        syntax: '{{',
        start: 24,
        end: 42,
      },
      { kind: 'text', text: '!', start: 42 },
    ]);
  });

  it('does not close a placeholder inside a quoted filter argument', () => {
    const { segments } = scanTemplate("<<Patient.birthDate|date:'>> d'>>");
    expect(segments).toHaveLength(1);
    expect(segments[0]).toMatchObject({ inner: "Patient.birthDate|date:'>> d'" });
  });

  it('reports a placeholder that never closes', () => {
    expect(scanTemplate('a <<Patient.name').problems).toEqual([
      { offset: 2, problem: '<< at offset 2 is never closed with >>' },
    ]);
  });
});
