import type { CodingRef, DoseTiming, Quantity, TextSpan } from '../clinical-analysis.js';

/** What a sig ("1 tab po bid prn pain x 10 days") says, independent of the drug. */
export interface ParsedSig {
  doseQuantity?: Quantity;
  /** A dose range such as "1-2 tablets". */
  doseRange?: { low: Quantity; high: Quantity };
  route?: CodingRef & { text: string };
  timing?: DoseTiming;
  asNeeded?: boolean;
  asNeededFor?: string;
  duration?: Quantity;
  /** Offsets (into the parsed text) of the parts that were understood. */
  spans: TextSpan[];
}
