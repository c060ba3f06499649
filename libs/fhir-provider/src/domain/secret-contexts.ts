/** The authenticated-data labels that bind each ciphertext to its account, configuration and field. */
export function clientSecretContext(accountId: string, authConfigId: string): string {
  return `fhir-provider/${accountId}/${authConfigId}/client_secret`;
}

export function privateKeyContext(accountId: string, authConfigId: string): string {
  return `fhir-provider/${accountId}/${authConfigId}/private_key`;
}
