import type { CodeSystem, CodeSystemStatus } from '../../domain/code-system.js';

export interface NewCodeSystem {
  id: string;
  accountId: string;
  name: string;
  version: string;
  revision: number | null;
}

/**
 * The code systems themselves (not their codes). An account owns its custom systems and
 * sees the builtin ones, which belong to every account: the owned reads return both.
 */
export abstract class CodeSystemRepository {
  /** The builtin systems and the account's custom ones with that name, builtin first. */
  abstract findOwnedByName(accountId: string, name: string): Promise<CodeSystem[]>;
  /** Every system the account sees: builtin first, then by name and version. */
  abstract listOwned(accountId: string): Promise<CodeSystem[]>;

  // Unscoped: used by jobs and the CLI, which act for no particular caller.
  abstract findById(systemId: string): Promise<CodeSystem | null>;
  abstract setStatus(systemId: string, status: CodeSystemStatus, error?: string): Promise<void>;
  /** Systems whose embeddings are not complete yet, oldest first. */
  abstract listProcessing(): Promise<CodeSystem[]>;
}
