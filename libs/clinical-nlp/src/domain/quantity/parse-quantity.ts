import type { Quantity, QuantityRange } from '../clinical-analysis.js';
import { readQuantityAt } from './find-quantities.js';

/**
 * The quantity at the start of `text`: "5 mg", "<5", "greater than 100 mg/dL", "98.6 °F",
 * "two tablets". For a range ("5-10 mg") the low end is returned; see parseQuantityRange.
 */
export function parseQuantity(text: string): Quantity | undefined {
  const mention = readQuantityAt(text, 0, { words: true });
  return mention?.value ?? mention?.range?.low;
}

/** A range at the start of `text`: "5-10 mg", "5 to 10 mg", "between 2 and 3 mg". */
export function parseQuantityRange(text: string): QuantityRange | undefined {
  return readQuantityAt(text, 0, { words: true })?.range;
}
