import type { Assertion, TextSpan } from '../clinical-analysis.js';
import { assertContext } from './assert-context.js';

/** The assertion of `span` (offsets into `text`) within the sentence that holds it. */
export function assertInText(
  text: string,
  sentences: TextSpan[],
  span: { start: number; end: number },
): Assertion {
  const sentence = sentences.find((s) => s.start <= span.start && s.end >= span.end) ?? {
    start: 0,
    end: text.length,
    text,
  };
  const assertion = assertContext(sentence.text, {
    start: span.start - sentence.start,
    end: span.end - sentence.start,
  });
  assertion.triggers = assertion.triggers.map((trigger) => ({
    ...trigger,
    start: trigger.start + sentence.start,
    end: trigger.end + sentence.start,
  }));
  return assertion;
}
