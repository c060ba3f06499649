export interface ProviderRef {
  id: string;
  name: string;
}

/** The account's FHIR providers (the sandbox included), found by id or name. */
export abstract class ProviderDirectory {
  abstract find(accountId: string, reference: string): Promise<ProviderRef | null>;
}
