import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { isPlan, isUuid } from '@app/shared';
import type { Repository } from 'typeorm';
import {
  ApiClientRepository,
  type NewApiClient,
} from '../../application/ports/api-client.repository.js';
import type { ApiClient, AuthenticatedClient } from '../../domain/api-client.js';
import { AccountEntity } from './account.entity.js';
import { ApiClientEntity } from './api-client.entity.js';
import { toApiClient } from './auth.mappers.js';

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
    const row = await this.clients
      .createQueryBuilder('client')
      .innerJoin(AccountEntity, 'account', 'account.id = client.account_id')
      .addSelect('account.plan', 'account_plan')
      .where('client.id = :clientId', { clientId })
      .getRawAndEntities();
    const entity = row.entities[0];
    const plan = (row.raw[0] as { account_plan?: unknown } | undefined)?.account_plan;
    if (!entity || !isPlan(plan)) return null;
    return { ...toApiClient(entity), plan };
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
