import { describe, expect, it } from 'vitest';
import { answerValue, questionKind, readWrittenForm } from './question-lines.js';

describe('readWrittenForm', () => {
  it('keeps exact spans of questions and answers, numbers as linkIds and a title', () => {
    const text = 'PHQ-2\nQ1: Little interest in doing things? 2\n- Feeling down: 1';
    const form = readWrittenForm(text);
    expect(form.title?.text).toBe('PHQ-2');
    expect(
      form.questions.map((item) => [item.linkId, item.question.text, item.answer?.text]),
    ).toEqual([
      ['1', 'Little interest in doing things?', '2'],
      ['2', 'Feeling down', '1'],
    ]);
    for (const item of form.questions) {
      expect(text.slice(item.question.start, item.question.end)).toBe(item.question.text);
      expect(text.slice(item.answer!.start, item.answer!.end)).toBe(item.answer!.text);
    }
  });

  it('reads the choices written with a question', () => {
    const form = readWrittenForm('Mood today? options: good, fair or poor');
    expect(form.questions[0].options).toEqual(['good', 'fair', 'poor']);
    expect(form.questions[0].answer).toBeUndefined();
  });

  it('types questions and answers', () => {
    expect(questionKind('Do you exercise?', [])).toBe('boolean');
    expect(questionKind('How many cigarettes a day?', [])).toBe('integer');
    expect(questionKind('Date of last visit?', [])).toBe('date');
    expect(questionKind('Mood?', ['good', 'poor'])).toBe('choice');
    expect(answerValue('Yes')).toEqual({ kind: 'boolean', value: true });
    expect(answerValue('2.5')).toEqual({ kind: 'decimal', value: 2.5 });
    expect(answerValue('sometimes')).toEqual({ kind: 'string', value: 'sometimes' });
  });
});
