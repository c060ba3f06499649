import type { Plan } from '@app/shared';

export interface Account {
  id: string;
  name: string;
  plan: Plan;
  createdAt: Date;
}

export interface ApiClient {
  id: string;
  accountId: string;
  name: string;
  secretHash: string;
  enabled: boolean;
  createdAt: Date;
}

/** A client whose credentials or token were verified, with its account's plan. */
export interface AuthenticatedClient {
  clientId: string;
  accountId: string;
  plan: Plan;
}

/** What is handed out once at creation: the only time the secret is visible. */
export interface IssuedCredentials {
  clientId: string;
  clientSecret: string;
  accountId: string;
  accountName: string;
  plan: Plan;
}
