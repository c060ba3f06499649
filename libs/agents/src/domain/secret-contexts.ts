/** The authenticated-data label that binds a tool server's header ciphertext to its account and row. */
export function toolServerHeadersContext(accountId: string, toolServerId: string): string {
  return `agents/${accountId}/tool-server/${toolServerId}/headers`;
}
