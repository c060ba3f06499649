import type { CodeSearchPort } from '@app/clinical-nlp';

/**
 * Code look-up for the text engine, on behalf of one account (whose custom systems are
 * visible to it). A system that is unknown or not loaded answers no codes, never an error.
 */
export abstract class CodeSearch {
  abstract forAccount(accountId: string): CodeSearchPort;

  /** Where the text names a drug (an ingredient or brand) the vocabulary holds, misspelt or not. */
  abstract drugNamesIn(text: string): Promise<{ start: number; end: number; text: string }[]>;
}
