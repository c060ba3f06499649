import { describe, expect, it } from 'vitest';
import { reflow } from './reflow.js';

describe('reflow', () => {
  it('joins a phrase the page width cut in two', () => {
    expect(reflow('history of acute bronchitis, laceration of\nthigh, viral sinusitis.')).toBe(
      'history of acute bronchitis, laceration of thigh, viral sinusitis.',
    );
    expect(reflow('Patient quit smoking at age\n20.')).toBe('Patient quit smoking at age 20.');
  });

  it('keeps headings, list items, sentences and paragraphs apart', () => {
    const note =
      '# Chief Complaint\n- Cough\n\nPatient is married.\nshe lives alone.\nMedications:\nacetaminophen';
    expect(reflow(note)).toBe(note);
  });
});
