import { describe, expect, it } from 'vitest';
import { SYSTEM } from '../code-systems.js';
import type { Procedure, ServiceRequest } from '../fhir.js';
import {
  analysis,
  at,
  date,
  inputFor,
  linked,
  negatedBy,
  phrase,
} from '../testing/analysis-fixtures.js';
import { problemsOf } from '../testing/expect-valid.js';
import { buildProcedure } from './procedure.js';
import { buildServiceRequest } from './servicerequest.js';

const COLONOSCOPY = { system: SYSTEM.SNOMED, code: '73761001', display: 'Colonoscopy' };

describe('procedure builder', () => {
  it('builds a completed procedure with its date', () => {
    const text = 'Underwent colonoscopy on 2024-11-05.';
    const parsed = analysis(text, {
      phrases: [phrase(text, 'colonoscopy', 'procedure')],
      dates: [date(text, '2024-11-05', '2024-11-05')],
    });
    const procedure = buildProcedure(
      inputFor(parsed, [linked(at(text, 'colonoscopy'), COLONOSCOPY)]),
    )!.resource as Procedure;
    expect(procedure).toMatchObject({
      status: 'completed',
      code: { coding: [COLONOSCOPY] },
      performedDateTime: '2024-11-05',
    });
    expect(problemsOf('procedure', procedure)).toEqual([]);
  });

  it('marks a completed procedure without a date as data absent rather than inventing one', () => {
    const text = 'History of appendectomy.';
    const procedure = buildProcedure(
      inputFor(analysis(text, { phrases: [phrase(text, 'appendectomy', 'procedure')] })),
    )!.resource as Procedure & { _performedDateTime?: { extension: { valueCode: string }[] } };
    expect(procedure.performedDateTime).toBeUndefined();
    expect(procedure._performedDateTime?.extension[0].valueCode).toBe('unknown');
    expect(problemsOf('procedure', procedure)).toEqual([]);
  });

  it('reads denied and planned procedures from the sentence', () => {
    const denied = 'Colonoscopy was not done.';
    const notDone = buildProcedure(
      inputFor(
        analysis(denied, {
          phrases: [
            phrase(denied, 'Colonoscopy', 'procedure', {
              assertion: negatedBy(denied, 'not done'),
            }),
          ],
        }),
      ),
    )!.resource as Procedure;
    expect(notDone.status).toBe('not-done');
    const planned = 'She is scheduled for a knee replacement.';
    const preparation = buildProcedure(
      inputFor(analysis(planned, { phrases: [phrase(planned, 'knee replacement', 'procedure')] })),
    )!.resource as Procedure;
    expect(preparation.status).toBe('preparation');
    expect(problemsOf('procedure', preparation)).toEqual([]);
  });
});

describe('servicerequest builder', () => {
  it('orders imaging with its category, the problem as reason and the requested date', () => {
    const text = 'Order MRI of the lumbar spine for low back pain on 2025-03-20.';
    const parsed = analysis(text, {
      phrases: [
        phrase(text, 'MRI of the lumbar spine', 'procedure'),
        phrase(text, 'low back pain', 'problem'),
      ],
      dates: [date(text, '2025-03-20', '2025-03-20')],
    });
    const built = buildServiceRequest(inputFor(parsed));
    const request = built!.resource as ServiceRequest;
    expect(request).toMatchObject({
      status: 'active',
      intent: 'order',
      code: { text: 'MRI of the lumbar spine' },
      reasonCode: [{ text: 'low back pain' }],
      occurrenceDateTime: '2025-03-20',
    });
    expect(request.category?.[0].coding?.[0].code).toBe('363679005');
    expect(problemsOf('servicerequest', request)).toEqual([]);
  });

  it('orders a lab test under laboratory procedure', () => {
    const text = 'Check lipid panel in 3 months.';
    const request = buildServiceRequest(
      inputFor(analysis(text, { phrases: [phrase(text, 'lipid panel', 'lab')] })),
    )!.resource as ServiceRequest;
    expect(request.category?.[0].coding?.[0].code).toBe('108252007');
    expect(buildServiceRequest(inputFor(analysis('Feels well.')))).toBeNull();
  });
});
