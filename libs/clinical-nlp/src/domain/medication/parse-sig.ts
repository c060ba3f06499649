import type { TextSpan } from '../clinical-analysis.js';
import { parseAsNeeded } from './parse-as-needed.js';
import { parseDose } from './parse-dose.js';
import { parseDuration } from './parse-duration.js';
import { parseTiming } from './parse-timing.js';
import type { ParsedSig } from './parsed-sig.js';
import { findRoute } from './routes.js';

/**
 * Reads a sig ("1-2 tabs po q4-6h prn pain x 10 days") into dose, route, timing, as-needed
 * and duration. Offsets in `spans` are into `text` plus `offset`. Never throws: what it does
 * not understand is left out.
 */
export function parseSig(text: string, offset = 0): ParsedSig {
  const spans: TextSpan[] = [];
  const sig: ParsedSig = { spans };
  const duration = parseDuration(text, offset);
  const timing = parseTiming(text, offset);
  const asNeeded = parseAsNeeded(text, offset);
  if (timing.timing) {
    sig.timing = timing.timing;
    spans.push(...timing.spans);
  }
  if (duration) {
    sig.duration = duration.duration;
    sig.timing = { ...sig.timing, boundsDuration: duration.duration };
    spans.push(duration.span);
  }
  if (asNeeded) {
    sig.asNeeded = true;
    if (asNeeded.reason) sig.asNeededFor = asNeeded.reason;
    spans.push(asNeeded.span);
  }
  // The dose may share words with the route ("1 patch"), never with the timing or duration.
  const dose = parseDose(text, offset, [...spans]);
  const route = findRoute(text);
  if (route) {
    sig.route = { ...route.coding, text: route.text };
    spans.push({
      start: offset + route.index,
      end: offset + route.index + route.text.length,
      text: route.text,
    });
  }
  if (dose) {
    if (dose.doseQuantity) sig.doseQuantity = dose.doseQuantity;
    if (dose.doseRange) sig.doseRange = dose.doseRange;
    spans.push(dose.span);
  }
  spans.sort((a, b) => a.start - b.start);
  return sig;
}
