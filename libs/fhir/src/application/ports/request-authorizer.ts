/** Supplies the credentials of outbound FHIR requests (see libs/fhir-provider for the methods). */
export interface RequestAuthorizer {
  /** Headers for the next request, e.g. `Authorization: Bearer …`. */
  headers(): Promise<Record<string, string>>;
  /**
   * Called once when the server answered 401: drops the cached credential. Returns true
   * when a fresh one can be obtained, so that the request is worth repeating.
   */
  renew(): Promise<boolean>;
}

export const NO_AUTHORIZATION: RequestAuthorizer = {
  headers: () => Promise.resolve({}),
  renew: () => Promise.resolve(false),
};
