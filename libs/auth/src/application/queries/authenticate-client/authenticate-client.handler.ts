import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuthenticatedClient } from '../../../domain/api-client.js';
import { hashClientSecret, verifyClientSecret } from '../../../domain/client-secret.js';
import { ApiClientRepository } from '../../ports/api-client.repository.js';
import { AuthenticateClientQuery } from './authenticate-client.query.js';

// Hashed once so unknown client ids cost as much as known ones (no timing oracle on ids).
const DECOY_HASH = hashClientSecret('decoy-secret-for-unknown-clients');

@QueryHandler(AuthenticateClientQuery)
export class AuthenticateClientHandler implements IQueryHandler<AuthenticateClientQuery> {
  constructor(private readonly clients: ApiClientRepository) {}

  async execute({
    clientId,
    clientSecret,
  }: AuthenticateClientQuery): Promise<AuthenticatedClient | null> {
    const client = await this.clients.findForAuthentication(clientId);
    if (!client) {
      await verifyClientSecret(clientSecret, await DECOY_HASH);
      return null;
    }
    const matches = await verifyClientSecret(clientSecret, client.secretHash);
    if (!matches || !client.enabled) return null;
    return { clientId: client.id, accountId: client.accountId, plan: client.plan };
  }
}
