import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { ApiClientRepository } from '../../ports/api-client.repository.js';
import { ListOwnClientsQuery, type ApiClientView } from './list-own-clients.query.js';

@QueryHandler(ListOwnClientsQuery)
export class ListOwnClientsHandler implements IQueryHandler<ListOwnClientsQuery> {
  constructor(private readonly clients: ApiClientRepository) {}

  async execute(query: ListOwnClientsQuery): Promise<ApiClientView[]> {
    const clients = await this.clients.listOwned(query.accountId);
    return clients.map((client) => ({
      clientId: client.id,
      name: client.name,
      enabled: client.enabled,
      createdAt: client.createdAt,
    }));
  }
}
