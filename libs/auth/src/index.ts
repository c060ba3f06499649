export { AuthCoreModule } from './auth-core.module.js';
export { AuthHttpModule } from './auth-http.module.js';
export { CreateApiClientCommand } from './application/commands/create-api-client/create-api-client.command.js';
export { CountAccountsQuery } from './application/queries/count-accounts/count-accounts.query.js';
export { CurrentTenant } from './interface/http/current-tenant.decorator.js';
export { RequiresPlan } from './interface/http/requires-plan.js';
export type { IssuedCredentials, AuthenticatedClient } from './domain/api-client.js';
