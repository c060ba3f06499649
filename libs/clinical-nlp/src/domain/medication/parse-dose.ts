import type { Quantity, TextSpan } from '../clinical-analysis.js';
import { findQuantities, type QuantityMention } from '../quantity/find-quantities.js';
import { toUcum } from '../quantity/ucum.js';

export interface ParsedDose {
  doseQuantity?: Quantity;
  doseRange?: { low: Quantity; high: Quantity };
  span: TextSpan;
}

const MASS_OR_AMOUNT = new Set([
  'mg',
  'ug',
  'g',
  'ng',
  'meq',
  'mmol',
  'U',
  '[IU]',
  'mg/kg',
  'ug/kg',
  'U/kg',
]);
const ADMINISTER =
  /(?:^|\b)(?:take|takes|taking|give|given|inject|injects|administer|infuse|use|inhale|instill|apply|insert|place|chew|dissolve|swallow|spray|drink|mix|dose|dosage|of)\s*(?:up\s+to\s+)?$/i;
// "one 150 mg tab": a count, then a strength, then the dose unit.
const FORM_AFTER_STRENGTH =
  /^\s*(?:\d+(?:\.\d+)?\s*(?:mg|mcg|g|units?|meq|mg\/ml|%)\s*)(tab(?:let)?s?|cap(?:sule)?s?|pills?|patch(?:es)?|suppositor(?:y|ies)|vials?|puffs?|sprays?|drops?)\b/i;

/**
 * The dose of a sig: a count of dose units ("1-2 tabs", "2 puffs", "5 mL", "40 units"), or a
 * mass after an administration verb ("take 500 mg"). `taken` lists spans already used by
 * the timing and duration ("q6h", "for 10 days"), which are never the dose.
 */
export function parseDose(text: string, offset: number, taken: TextSpan[]): ParsedDose | undefined {
  const mentions = findQuantities(text, 0, text.length, { words: true }).filter(
    (mention) =>
      !taken.some(
        (span) => span.start - offset < mention.span.end && mention.span.start < span.end - offset,
      ),
  );
  for (const mention of mentions) {
    const unit = unitOf(mention);
    if (unit && isDoseUnit(unit)) return dose(mention, offset);
  }
  for (const mention of mentions) {
    const unit = unitOf(mention);
    if (!unit) {
      const form = FORM_AFTER_STRENGTH.exec(text.slice(mention.span.end));
      if (form) return dose(mention, offset, form[1]);
    }
  }
  for (const mention of mentions) {
    const unit = unitOf(mention);
    const before = text.slice(Math.max(0, mention.span.start - 25), mention.span.start);
    if (unit && MASS_OR_AMOUNT.has(unit) && (ADMINISTER.test(before) || before.trim() === '')) {
      return dose(mention, offset);
    }
  }
  const first = mentions[0];
  // "1 po qd": a bare leading count is the number of units to take.
  if (first && !unitOf(first) && text.slice(0, first.span.start).trim().split(/\s+/).length <= 2) {
    const before = text.slice(0, first.span.start);
    if (before.trim() === '' || ADMINISTER.test(before)) return dose(first, offset);
  }
  return undefined;
}

function unitOf(mention: QuantityMention): string | undefined {
  return mention.value?.unit ?? mention.range?.high.unit;
}

function isDoseUnit(unit: string): boolean {
  return (
    unit.startsWith('{') ||
    ['[drp]', '[tsp_us]', '[tbs_us]', 'mL', 'U', '[IU]', 'L', '[oz_av]'].includes(unit)
  );
}

function dose(mention: QuantityMention, offset: number, formText?: string): ParsedDose {
  const withUnit = (q: Quantity): Quantity => {
    if (!formText) return q;
    const unit = toUcum(formText);
    return { ...q, unitText: formText, ...(unit ? { unit } : {}) };
  };
  const span = {
    start: offset + mention.span.start,
    end: offset + mention.span.end,
    text: mention.span.text,
  };
  if (mention.range) {
    return {
      doseRange: { low: withUnit(mention.range.low), high: withUnit(mention.range.high) },
      span,
    };
  }
  return { doseQuantity: withUnit(mention.value!), span };
}
