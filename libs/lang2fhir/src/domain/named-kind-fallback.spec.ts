import { describe, expect, it } from 'vitest';
import type { Observation, Procedure, QuestionnaireResponse } from './fhir.js';
import { buildClinicalResult } from './builders/observation-clinical-result.js';
import { buildProcedure } from './builders/procedure.js';
import { buildQuestionnaireResponse } from './builders/questionnaireresponse.js';
import { buildSimpleObservation } from './builders/simple-observation.js';
import { readReportedScreening } from './reported-screening.js';
import {
  requestedReason,
  wholeRequestPhrase,
  withRequestedMention,
  withWholePhrase,
} from './requested-mention.js';
import { analysis, inputFor, phrase } from './testing/analysis-fixtures.js';
import { problemsOf } from './testing/expect-valid.js';

// A named kind is built from whatever the text gives, even when the engine found no phrase of
// the kind's own category in it.
describe('an observation kind named for a "name was value" sentence the engine found nothing in', () => {
  it('takes the name before the verb and the bare number after it as the value', () => {
    const text = 'Braden pressure ulcer risk score was 17.';
    const withMention = withRequestedMention(analysis(text), 'observation-clinical-result');
    expect(withMention.phrases.map((p) => [p.category, p.span.text, p.value?.value])).toEqual([
      ['observation', 'Braden pressure ulcer risk score', 17],
    ]);
    const observation = buildClinicalResult(inputFor(withMention))!.resource as Observation;
    expect(observation.code.text).toBe('Braden pressure ulcer risk score');
    expect(observation.valueQuantity?.value).toBe(17);
    expect(problemsOf('observation-clinical-result', observation)).toEqual([]);
  });

  it('keeps what a "name: value" line states as the value of a simple observation', () => {
    const text = 'Transportation: relies on a daughter for rides to clinic.';
    const withMention = withRequestedMention(analysis(text), 'simple-observation');
    const observation = buildSimpleObservation(inputFor(withMention))!.resource as Observation;
    expect(observation.code.text).toBe('Transportation');
    expect(observation.valueString).toBe('relies on a daughter for rides to clinic');
    expect(observation.valueBoolean).toBeUndefined();
    expect(problemsOf('simple-observation', observation)).toEqual([]);
  });

  it('leaves an analysis that already has a finding of the kind as it is', () => {
    const text = 'Gait steady on exam.';
    const parsed = analysis(text, { phrases: [phrase(text, 'Gait steady', 'observation')] });
    expect(withRequestedMention(parsed, 'simple-observation')).toBe(parsed);
  });
});

describe('a procedure named by a long written-out test name', () => {
  it('takes the whole name although it holds more than ten words and only lab parts were found', () => {
    const text =
      'Underwent panel, comprehensive metabolic, with sodium, potassium, chloride, glucose, BUN and creatinine yesterday';
    const parsed = analysis(text, { phrases: [phrase(text, 'sodium', 'lab')] });
    const withMention = withRequestedMention(parsed, 'procedure');
    const procedure = buildProcedure(inputFor(withMention))!.resource as Procedure;
    expect(procedure.code?.text).toBe(
      'panel, comprehensive metabolic, with sodium, potassium, chloride, glucose, BUN and creatinine',
    );
  });
});

describe('a screening response whose instrument is a long test name', () => {
  it('reads the instrument and the score', () => {
    const text =
      'Measurement of serum alpha fetoprotein and human chorionic gonadotropin in maternal blood for prenatal screening completed with a total score of 3';
    const screening = readReportedScreening(text)!;
    expect(screening.instrument.text).toBe(
      'Measurement of serum alpha fetoprotein and human chorionic gonadotropin in maternal blood for prenatal screening',
    );
    expect(screening.score?.value).toBe(3);
    const response = buildQuestionnaireResponse(inputFor(analysis(text)))!
      .resource as QuestionnaireResponse;
    expect(response.status).toBe('completed');
  });
});

describe('an order and its reason', () => {
  it('takes the reason written after "for" as a problem when the engine found none', () => {
    const text = 'Refer to physical therapy for plantar fasciitis.';
    const reason = requestedReason(analysis(text), 'servicerequest')!;
    expect(reason.phrase.span.text).toBe('plantar fasciitis');
    expect(reason.phrase.category).toBe('problem');
    expect(reason.partial).toBe(false);
  });

  it('offers the whole reason when the engine found a part of it', () => {
    const text = 'Order knee X-ray to evaluate chronic knee pain today.';
    const parsed = analysis(text, { phrases: [phrase(text, 'knee pain', 'problem')] });
    const reason = requestedReason(parsed, 'servicerequest')!;
    expect(reason.phrase.span.text).toBe('chronic knee pain');
    expect(reason.partial).toBe(true);
    expect(withWholePhrase(parsed, reason.phrase).phrases.map((p) => p.span.text)).toEqual([
      'chronic knee pain',
    ]);
  });

  it('tries the ordered thing without the order word the engine took into its phrase', () => {
    const text = 'Request spirometry for asthma.';
    const parsed = analysis(text, { phrases: [phrase(text, 'Request spirometry', 'procedure')] });
    expect(wholeRequestPhrase(parsed, 'servicerequest')?.span.text).toBe('spirometry');
  });

  it('names no reason for other kinds', () => {
    expect(requestedReason(analysis('Colonoscopy for screening.'), 'procedure')).toBeNull();
  });
});

describe('a labelled condition request', () => {
  it('tries the whole of what follows the label, not the label', () => {
    const text = 'Working diagnosis: acute bacterial sinusitis.';
    const parsed = analysis(text, { phrases: [phrase(text, 'sinusitis', 'problem')] });
    expect(wholeRequestPhrase(parsed, 'condition-encounter-diagnosis')?.span.text).toBe(
      'acute bacterial sinusitis',
    );
  });

  it('keeps an observation label as the observation name', () => {
    const text = 'Sleep quality: poor since the move.';
    const withMention = withRequestedMention(analysis(text), 'simple-observation');
    expect(withMention.phrases.map((p) => p.span.text)).toEqual(['Sleep quality']);
  });
});
