import type { SystemCode } from '../../domain/code-system.js';

export interface ListedCode extends SystemCode {
  seq: number;
}

/** The codes of one system, read in system order or by code (the system is already resolved). */
export abstract class CodeReader {
  abstract listCodes(systemId: string, afterSeq: number, limit: number): Promise<ListedCode[]>;
  abstract findCode(systemId: string, codeKey: string): Promise<SystemCode | null>;
}
