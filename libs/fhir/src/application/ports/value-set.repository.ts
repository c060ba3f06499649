/** A ValueSet imported with a guide package. */
export interface StoredValueSet {
  url: string;
  version?: string;
  implementationGuide: string;
  valueSet: Record<string, unknown>;
}

/** The ValueSets of the accounts' imported guides, by canonical url (bindings resolve by url). */
export abstract class ValueSetRepository {
  /** Inserts or replaces each by url. */
  abstract save(accountId: string, valueSets: StoredValueSet[]): Promise<void>;
  abstract findOwnedByUrls(accountId: string, urls: string[]): Promise<StoredValueSet[]>;
}
