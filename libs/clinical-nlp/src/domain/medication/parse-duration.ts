import type { Quantity, TextSpan } from '../clinical-analysis.js';
import { parseNumber } from '../quantity/numbers.js';
import { SIG_TIME_UNIT_WORDS } from '../quantity/time-units.js';

const DURATION = new RegExp(
  '(?:(?<![a-z])(?:for|x|×|during|over)|(?<=(?:bid|tid|qid|qd|daily|day|qhs|hs|prn|po|am|pm))x)\\s*(?:up\\s+to\\s+|a\\s+total\\s+of\\s+|another\\s+|an\\s+additional\\s+|the\\s+next\\s+|next\\s+|at\\s+least\\s+)?' +
    '(\\d+(?:\\.\\d+)?|a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|twenty|thirty|sixty|ninety)\\s*(?:more\\s+|additional\\s+)?' +
    '(days?|d|weeks?|wks?|w|months?|mos?|hours?|hrs?|h|years?|yrs?|y)(?:(?![a-z])|(?=instr|prn))',
  'i',
);

export interface ParsedDuration {
  duration: Quantity;
  span: TextSpan;
}

/** "for 10 days", "x 5 days", "x5d", "for a week", "for up to 2 weeks". */
// "1 tablet orally once a day 30 days": a bare count of days after the frequency.
const BARE_DURATION =
  /(?<![a-z0-9/])(\d+)\s*(days?|weeks?|months?)(?![a-z])(?!\s+(?:before|after|prior|ago|later|from|post))/i;
const EVERY_BEFORE = /(?:every|q|per|each|for|x)\s*$/i;

export function parseDuration(text: string, offset = 0): ParsedDuration | undefined {
  const match = DURATION.exec(text) ?? bareDuration(text);
  if (!match) return undefined;
  if (/every\s*$/i.test(text.slice(0, match.index))) return undefined;
  const value = /^an?$/i.test(match[1]) ? 1 : parseNumber(match[1]);
  const unit = SIG_TIME_UNIT_WORDS[match[2].toLowerCase()];
  if (value === undefined || !unit) return undefined;
  return {
    duration: { value, unit, unitText: match[2] },
    span: {
      start: offset + match.index,
      end: offset + match.index + match[0].length,
      text: match[0],
    },
  };
}

function bareDuration(text: string): RegExpExecArray | null {
  const match = BARE_DURATION.exec(text);
  if (!match || EVERY_BEFORE.test(text.slice(0, match.index))) return null;
  // Only once the sig has said how often: "2 tabs 3 days" alone is not clear enough.
  if (
    !/\b(?:daily|day|bid|tid|qid|qd|times|hours|hrs|weekly|week|nightly|bedtime|morning|evening)\b/i.test(
      text.slice(0, match.index),
    )
  ) {
    return null;
  }
  return match;
}
