/**
 * Profiles and client credentials for the e2e tests. Kept apart from test-app.ts, which
 * imports the whole API: a test that only spawns the built processes imports this instead
 * and starts without loading every library's sources.
 */
export type ProfileName = 'embedded' | 'server';
export const PROFILES: ProfileName[] = ['embedded', 'server'];

export interface Credentials {
  clientId: string;
  clientSecret: string;
  accountId: string;
}

export function basic(credentials: Pick<Credentials, 'clientId' | 'clientSecret'>): string {
  return `Basic ${Buffer.from(`${credentials.clientId}:${credentials.clientSecret}`).toString('base64')}`;
}
