import type { CodeSystem, SystemCode } from '../../domain/code-system.js';
import type { NewCodeSystem } from './code-system.repository.js';

/**
 * Writes a custom code system in short steps: a hidden (`loading`) system, its codes in
 * chunks, then one short transaction that publishes it. Readers never see a half-written
 * system, and a failure removes only what the failed upload wrote.
 */
export abstract class CustomSystemStore {
  /** A hidden system; fails with 409 now when the name and version are taken and `replace` is false. */
  abstract begin(system: NewCodeSystem, codeCount: number, replace: boolean): Promise<CodeSystem>;
  /** Stores the codes in statements short enough for the embedded database; stops when `signal` aborts. */
  abstract appendCodes(systemId: string, codes: SystemCode[], signal?: AbortSignal): Promise<void>;
  /** Makes the system visible (status processing); the replaced system's id, or 409 as in `begin`. */
  abstract publish(
    systemId: string,
    replace: boolean,
  ): Promise<{ system: CodeSystem; replacedId: string | null }>;
  /** Hides the account's system at once, then deletes its codes in chunks and the system. */
  abstract removeOwned(accountId: string, systemId: string): Promise<void>;
}
