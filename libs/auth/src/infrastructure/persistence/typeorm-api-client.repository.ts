import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { isPlan, isUuid } from '@app/shared';
import type { Repository } from 'typeorm';
import {
  ApiClientRepository,
  type NewApiClient,
} from '../../application/ports/api-client.repository.js';
import type { ApiClient, AuthenticatedClient } from '../../domain/api-client.js';
import { ApiClientEntity } from './api-client.entity.js';
import { toApiClient } from './auth.mappers.js';

interface AuthenticationRow {
  id: string;
  account_id: string;
  name: string;
  secret_hash: string;
  enabled: boolean;
  created_at: Date | string;
  plan: unknown;
}

@Injectable()
export class TypeOrmApiClientRepository extends ApiClientRepository {
  constructor(
    @InjectRepository(ApiClientEntity) private readonly clients: Repository<ApiClientEntity>,
  ) {
    super();
  }

  async findForAuthentication(
    clientId: string,
  ): Promise<(ApiClient & { plan: AuthenticatedClient['plan'] }) | null> {
    if (!isUuid(clientId)) return null;
    // Every authenticated request runs this: plain SQL, where the query builder spent about
    // 0.4 ms of CPU per request building the statement and hydrating an entity.
    const rows = await this.clients.query<AuthenticationRow[]>(
      `SELECT client.id, client.account_id, client.name, client.secret_hash, client.enabled,
              client.created_at, account.plan
       FROM api_client client JOIN account account ON account.id = client.account_id
       WHERE client.id = $1`,
      [clientId],
    );
    const row = rows[0];
    if (!row || !isPlan(row.plan)) return null;
    return {
      id: row.id,
      accountId: row.account_id,
      name: row.name,
      secretHash: row.secret_hash,
      enabled: row.enabled,
      createdAt: new Date(row.created_at),
      plan: row.plan,
    };
  }

  async create(client: NewApiClient): Promise<ApiClient> {
    return toApiClient(
      await this.clients.save(this.clients.create({ ...client, enabled: true, lastUsedAt: null })),
    );
  }

  async listOwned(accountId: string): Promise<ApiClient[]> {
    const entities = await this.clients.find({
      where: { accountId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return entities.map(toApiClient);
  }

  async disableOwned(accountId: string, clientId: string): Promise<boolean> {
    if (!isUuid(clientId)) return false;
    const result = await this.clients.update({ id: clientId, accountId }, { enabled: false });
    return (result.affected ?? 0) > 0;
  }

  async touchLastUsed(clientId: string): Promise<void> {
    await this.clients.update({ id: clientId }, { lastUsedAt: new Date() });
  }
}
