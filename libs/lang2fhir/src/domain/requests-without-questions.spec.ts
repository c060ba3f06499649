import { describe, expect, it } from 'vitest';
import type { Questionnaire, QuestionnaireResponse } from './fhir.js';
import { buildQuestionnaire } from './builders/questionnaire.js';
import { buildQuestionnaireResponse } from './builders/questionnaireresponse.js';
import { readInstructionForm } from './instruction-form.js';
import { readReportedScreening } from './reported-screening.js';
import { wholeRequestPhrase, withRequestedMention, withWholePhrase } from './requested-mention.js';
import { analysis, inputFor, phrase } from './testing/analysis-fixtures.js';
import { problemsOf } from './testing/expect-valid.js';

describe('a questionnaire from an instruction (no line ends in "?")', () => {
  it('makes one yes/no item per thing listed and a free-text item of "any other …"', () => {
    const text =
      'Please indicate your past history of asthma, migraine and kidney stones, and any other past illness we should know about';
    const form = readInstructionForm(text)!;
    expect(form.questions.map((q) => [q.wording, q.kind])).toEqual([
      ['Past history of asthma?', 'boolean'],
      ['Past history of migraine?', 'boolean'],
      ['Past history of kidney stones?', 'boolean'],
      ['Any other past illness we should know about', 'string'],
    ]);
    const questionnaire = buildQuestionnaire(inputFor(analysis(text)))!.resource as Questionnaire;
    expect(questionnaire.item?.map((item) => [item.text, item.type])).toEqual([
      ['Past history of asthma?', 'boolean'],
      ['Past history of migraine?', 'boolean'],
      ['Past history of kidney stones?', 'boolean'],
      ['Any other past illness we should know about', 'string'],
    ]);
    expect(problemsOf('questionnaire', questionnaire)).toEqual([]);
  });

  it('reads a labelled list with "check all that apply"', () => {
    const form = readInstructionForm(
      'Symptoms this week: cough; fever; night sweats - check all that apply',
    )!;
    expect(form.title?.text).toBe('Symptoms this week');
    expect(form.questions.map((q) => q.wording)).toEqual(['Cough?', 'Fever?', 'Night sweats?']);
  });

  it('finds no form in a plain statement', () => {
    expect(readInstructionForm('Blood pressure well controlled on lisinopril')).toBeUndefined();
    expect(buildQuestionnaire(inputFor(analysis('Hypertension, well controlled.')))).toBeNull();
  });
});

describe('a questionnaire response from a reported screening', () => {
  it('takes the instrument, the score and its interpretation', () => {
    const text =
      'Pt completed the GAD-7 anxiety questionnaire, total score 14, consistent with moderate anxiety';
    const screening = readReportedScreening(text)!;
    expect(screening.instrument.text).toBe('GAD-7 anxiety questionnaire');
    expect(screening.score?.value).toBe(14);
    expect(screening.interpretation?.text).toBe('moderate anxiety');
    const response = buildQuestionnaireResponse(inputFor(analysis(text)))!
      .resource as QuestionnaireResponse;
    expect(response.status).toBe('completed');
    expect(response.questionnaire).toBe(
      'urn:clinical-interop:lang2fhir:questionnaire:Gad7AnxietyQuestionnaire',
    );
    expect(response.item?.map((item) => item.answer?.[0])).toEqual([
      { valueInteger: 14 },
      { valueString: 'moderate anxiety' },
    ]);
    expect(problemsOf('questionnaireresponse', response)).toEqual([]);
  });

  it('takes an interpretation without a score', () => {
    const text = 'Patient filled out an alcohol use screening test suggesting low risk drinking';
    const response = buildQuestionnaireResponse(inputFor(analysis(text)))!
      .resource as QuestionnaireResponse;
    expect(response.item).toEqual([
      {
        linkId: 'interpretation',
        text: 'Interpretation',
        answer: [{ valueString: 'low risk drinking' }],
      },
    ]);
  });

  it('needs an instrument and a result', () => {
    expect(readReportedScreening('Patient completed physical therapy')).toBeUndefined();
    expect(
      readReportedScreening('Depression screening questionnaire given to the patient'),
    ).toBeUndefined();
  });
});

describe('the words a named-kind request is about', () => {
  it('becomes the problem when the engine found none', () => {
    const read = withRequestedMention(
      analysis('Pt dx with bipolar type 2 disorder today'),
      'condition-encounter-diagnosis',
    );
    const problem = read.phrases.find((p) => p.category === 'problem');
    expect(problem?.span.text).toBe('bipolar type 2 disorder');
    expect(problem?.assertion.negated).toBe(false);
  });

  it('becomes the procedure after "s/p"', () => {
    const read = withRequestedMention(
      analysis('s/p excision of sebaceous cyst on 3/2'),
      'procedure',
    );
    expect(read.phrases.find((p) => p.category === 'procedure')?.span.text).toBe(
      'excision of sebaceous cyst',
    );
  });

  it('becomes the thing ordered, without the reason after it', () => {
    const read = withRequestedMention(
      analysis('Refer to cardiac rehabilitation for heart failure'),
      'servicerequest',
    );
    expect(read.phrases.find((p) => p.category === 'procedure')?.span.text).toBe(
      'cardiac rehabilitation',
    );
  });

  it('leaves an analysis with a phrase of the kind, and other kinds, unchanged', () => {
    const text = 'Patient has hypertension';
    const found = analysis(text, { phrases: [phrase(text, 'hypertension', 'problem')] });
    expect(withRequestedMention(found, 'condition-problems-health-concerns')).toBe(found);
    const other = analysis('Pt dx with something odd');
    expect(withRequestedMention(other, 'vital-signs')).toBe(other);
  });
});

describe('the whole of a short request, wider than the phrases found in it', () => {
  const text = 'Pt dx with fracture of radius without displacement today';
  const found = analysis(text, {
    phrases: [
      phrase(text, 'fracture of radius', 'problem'),
      phrase(text, 'displacement', 'problem'),
    ],
  });

  it("is offered as one phrase over the request's words", () => {
    const whole = wholeRequestPhrase(found, 'condition-encounter-diagnosis');
    expect(whole?.span.text).toBe('fracture of radius without displacement');
    expect(whole?.category).toBe('problem');
  });

  it('replaces the phrases it covers when kept', () => {
    const whole = wholeRequestPhrase(found, 'condition-encounter-diagnosis')!;
    const problems = withWholePhrase(found, whole).phrases.filter((p) => p.category === 'problem');
    expect(problems.map((p) => p.span.text)).toEqual(['fracture of radius without displacement']);
  });

  it('is not offered when a phrase already covers the request, for family history, or other kinds', () => {
    const exact = analysis('h/o asthma', { phrases: [phrase('h/o asthma', 'asthma', 'problem')] });
    expect(wholeRequestPhrase(exact, 'condition-problems-health-concerns')).toBeNull();
    const family = 'Mother has breast cancer';
    const relative = phrase(family, 'breast cancer', 'problem');
    const familyFound = analysis(family, {
      phrases: [{ ...relative, assertion: { ...relative.assertion, family: true } }],
    });
    expect(wholeRequestPhrase(familyFound, 'condition-problems-health-concerns')).toBeNull();
    expect(wholeRequestPhrase(found, 'medicationrequest')).toBeNull();
  });
});
