import { describe, expect, it } from 'vitest';
import { SYSTEM } from '../code-systems.js';
import type { Observation } from '../fhir.js';
import { analysis, assertion, date, inputFor, vital } from '../testing/analysis-fixtures.js';
import { problemsOf } from '../testing/expect-valid.js';
import { buildVitalSigns } from './vital-signs.js';

const loinc = (code: string, display: string) => ({ system: SYSTEM.LOINC, code, display });
const mmHg = (value: number) => ({ value, unit: 'mm[Hg]', unitText: 'mmHg' });

describe('vital-signs builder', () => {
  it('builds a blood pressure panel with systolic and diastolic components in mm[Hg]', () => {
    const text = 'BP 142/91 on 2025-03-09.';
    const parsed = analysis(text, {
      vitals: [
        vital(
          text,
          'BP 142/91',
          'blood-pressure',
          loinc('85354-9', 'Blood pressure panel'),
          undefined,
          [
            { code: loinc('8480-6', 'Systolic blood pressure'), value: mmHg(142) },
            { code: loinc('8462-4', 'Diastolic blood pressure'), value: mmHg(91) },
          ],
        ),
      ],
      dates: [date(text, '2025-03-09', '2025-03-09')],
    });
    const built = buildVitalSigns(inputFor(parsed));
    const observation = built!.resource as Observation;
    expect(observation.meta?.profile).toEqual([
      'http://hl7.org/fhir/us/core/StructureDefinition/us-core-blood-pressure',
    ]);
    expect(observation.category?.[0].coding?.[0].code).toBe('vital-signs');
    expect(observation.code.coding?.[0].code).toBe('85354-9');
    expect(observation.component?.map((component) => component.valueQuantity)).toEqual([
      { value: 142, unit: 'mmHg', system: SYSTEM.UCUM, code: 'mm[Hg]' },
      { value: 91, unit: 'mmHg', system: SYSTEM.UCUM, code: 'mm[Hg]' },
    ]);
    expect(observation.effectiveDateTime).toBe('2025-03-09');
    expect(problemsOf('vital-signs', observation)).toEqual([]);
  });

  it('gives pulse oximetry both LOINC codes US Core asks for, and the time of recording when no date is written', () => {
    const text = 'SpO2 97% on room air.';
    const parsed = analysis(text, {
      vitals: [
        vital(text, 'SpO2 97%', 'oxygen-saturation', loinc('59408-5', 'SpO2 by pulse oximetry'), {
          value: 97,
          unit: '%',
          unitText: '%',
        }),
      ],
    });
    const built = buildVitalSigns(inputFor(parsed));
    const observation = built!.resource as Observation;
    expect(observation.code.coding?.map((item) => item.code)).toEqual(['59408-5', '2708-6']);
    expect(observation.valueQuantity).toEqual({
      value: 97,
      unit: '%',
      system: SYSTEM.UCUM,
      code: '%',
    });
    expect(observation.effectiveDateTime).toBe('2025-03-10T12:00:00Z');
    expect(built!.derivations.find((item) => item.path === 'effectiveDateTime')?.method).toBe(
      'default:now',
    );
    expect(problemsOf('vital-signs', observation)).toEqual([]);
  });

  it('skips a denied measurement and answers null without any', () => {
    const text = 'No fever.';
    const denied = {
      ...vital(text, 'fever', 'body-temperature', loinc('8310-5', 'Body temperature')),
      assertion: assertion({ negated: true }),
    };
    expect(buildVitalSigns(inputFor(analysis(text, { vitals: [denied] })))).toBeNull();
  });
});
