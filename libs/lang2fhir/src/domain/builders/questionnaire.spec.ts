import { describe, expect, it } from 'vitest';
import type { Questionnaire, QuestionnaireResponse } from '../fhir.js';
import { analysis, inputFor } from '../testing/analysis-fixtures.js';
import { problemsOf } from '../testing/expect-valid.js';
import { buildQuestionnaire } from './questionnaire.js';
import { buildQuestionnaireResponse } from './questionnaireresponse.js';

const FORM = [
  'Smoking screening',
  '1. Do you smoke? Yes',
  '2. How many packs per day? 1',
  '3. When did you start smoking? 2001-09-01',
  '4. How often do you drink alcohol? (never / monthly / weekly)',
].join('\n');

describe('questionnaire builder', () => {
  it('makes typed items of the questions, with choices', () => {
    const built = buildQuestionnaire(inputFor(analysis(FORM)));
    const questionnaire = built!.resource as Questionnaire;
    expect(questionnaire).toMatchObject({
      title: 'Smoking screening',
      name: 'SmokingScreening',
      status: 'active',
    });
    expect(questionnaire.item?.map((item) => [item.linkId, item.type])).toEqual([
      ['1', 'boolean'],
      ['2', 'integer'],
      ['3', 'date'],
      ['4', 'choice'],
    ]);
    expect(questionnaire.item?.[3].text).toBe('How often do you drink alcohol?');
    expect(
      questionnaire.item?.[3].answerOption?.map((option) => option.valueCoding?.display),
    ).toEqual(['never', 'monthly', 'weekly']);
    expect(problemsOf('questionnaire', questionnaire)).toEqual([]);
  });

  it('answers null when there are no questions', () => {
    expect(buildQuestionnaire(inputFor(analysis('Hypertension, well controlled.')))).toBeNull();
  });
});

describe('questionnaireresponse builder', () => {
  it('types each written answer and points at the form by a canonical of its title', () => {
    const built = buildQuestionnaireResponse(inputFor(analysis(FORM)));
    const response = built!.resource as QuestionnaireResponse;
    expect(response.questionnaire).toBe(
      'urn:clinical-interop:lang2fhir:questionnaire:SmokingScreening',
    );
    expect(response.status).toBe('in-progress');
    expect(response.item?.map((item) => item.answer?.[0])).toEqual([
      { valueBoolean: true },
      { valueInteger: 1 },
      { valueDate: '2001-09-01' },
      undefined,
    ]);
    expect(built!.derivations.find((item) => item.path === 'item[1].answer[0]')?.text).toBe('1');
    expect(problemsOf('questionnaireresponse', response)).toEqual([]);
  });

  it('reads several questions and answers written on one line', () => {
    const text = 'Do you smoke? No. Do you drink alcohol? Yes, socially.';
    const response = buildQuestionnaireResponse(inputFor(analysis(text)))!
      .resource as QuestionnaireResponse;
    expect(response.status).toBe('completed');
    expect(response.item?.map((item) => [item.text, item.answer?.[0]])).toEqual([
      ['Do you smoke?', { valueBoolean: false }],
      ['Do you drink alcohol?', { valueString: 'Yes, socially' }],
    ]);
    expect(problemsOf('questionnaireresponse', response)).toEqual([]);
  });
});
