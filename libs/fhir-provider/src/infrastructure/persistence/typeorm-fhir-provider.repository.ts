import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { isUuid } from '@app/shared';
import { In, type DataSource, type EntityManager } from 'typeorm';
import { FhirProviderRepository } from '../../application/ports/fhir-provider.repository.js';
import { FhirProviderError } from '../../domain/fhir-provider-error.js';
import type { PublicJwk } from '../../domain/auth-config.js';
import type { FhirProvider } from '../../domain/fhir-provider.js';
import { FhirProviderAuthConfigEntity } from './fhir-provider-auth-config.entity.js';
import { FhirProviderEntity } from './fhir-provider.entity.js';
import { toAuthConfigRow, toFhirProvider, toProviderRow } from './fhir-provider.mappers.js';

@Injectable()
export class TypeOrmFhirProviderRepository extends FhirProviderRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {
    super();
  }

  async listOwned(accountId: string): Promise<FhirProvider[]> {
    const rows = await this.dataSource.manager.find(FhirProviderEntity, {
      where: { accountId },
      order: { createdAt: 'ASC', id: 'ASC' },
    });
    return this.withConfigs(this.dataSource.manager, accountId, rows);
  }

  async findOwned(accountId: string, id: string): Promise<FhirProvider | null> {
    if (!isUuid(id)) return null;
    const row = await this.dataSource.manager.findOneBy(FhirProviderEntity, { accountId, id });
    return row ? (await this.withConfigs(this.dataSource.manager, accountId, [row]))[0] : null;
  }

  async findOwnedByName(accountId: string, name: string): Promise<FhirProvider | null> {
    const row = await this.dataSource.manager
      .createQueryBuilder(FhirProviderEntity, 'provider')
      .where('provider.account_id = :accountId AND lower(provider.name) = lower(:name)', {
        accountId,
        name,
      })
      .getOne();
    return row ? (await this.withConfigs(this.dataSource.manager, accountId, [row]))[0] : null;
  }

  async insert(provider: FhirProvider): Promise<void> {
    try {
      await this.dataSource.transaction(async (manager) => {
        await manager.insert(FhirProviderEntity, toProviderRow(provider));
        await manager.insert(
          FhirProviderAuthConfigEntity,
          provider.authConfigs.map((config) => toAuthConfigRow(provider, config)),
        );
      });
    } catch (error) {
      if ((error as { code?: unknown }).code === '23505') {
        throw new FhirProviderError(
          'conflict',
          'FHIR_PROVIDER.NAME_TAKEN',
          `The account already has a FHIR provider named "${provider.name}"`,
        );
      }
      throw error;
    }
  }

  async update(
    accountId: string,
    id: string,
    change: (provider: FhirProvider) => FhirProvider,
  ): Promise<FhirProvider | null> {
    if (!isUuid(id)) return null;
    return this.dataSource.transaction(async (manager) => {
      const row = await manager.findOne(FhirProviderEntity, {
        where: { accountId, id },
        lock: { mode: 'pessimistic_write' },
      });
      if (!row) return null;
      const current = (await this.withConfigs(manager, accountId, [row]))[0];
      const next = change(current);
      if (next === current) return current;
      const before = new Set(current.authConfigs.map((config) => config.id));
      const after = new Set(next.authConfigs.map((config) => config.id));
      const added = next.authConfigs.filter((config) => !before.has(config.id));
      const removed = [...before].filter((configId) => !after.has(configId));
      if (added.length > 0) {
        await manager.insert(
          FhirProviderAuthConfigEntity,
          added.map((config) => toAuthConfigRow(next, config)),
        );
      }
      await manager.update(
        FhirProviderEntity,
        { accountId, id },
        { activeAuthConfigId: next.activeAuthConfigId, updatedAt: next.updatedAt },
      );
      if (removed.length > 0) {
        await manager.delete(FhirProviderAuthConfigEntity, {
          accountId,
          providerId: id,
          id: In(removed),
        });
      }
      return next;
    });
  }

  async deleteOwned(accountId: string, id: string): Promise<FhirProvider | null> {
    if (!isUuid(id)) return null;
    return this.dataSource.transaction(async (manager) => {
      const row = await manager.findOne(FhirProviderEntity, {
        where: { accountId, id },
        lock: { mode: 'pessimistic_write' },
      });
      if (!row) return null;
      const provider = (await this.withConfigs(manager, accountId, [row]))[0];
      await manager.delete(FhirProviderEntity, { accountId, id });
      return provider;
    });
  }

  async findPublicKeysForJwks(providerId: string): Promise<PublicJwk[] | null> {
    if (!isUuid(providerId)) return null;
    const provider = await this.dataSource.manager.findOneBy(FhirProviderEntity, {
      id: providerId,
    });
    if (!provider) return null;
    const configs = await this.dataSource.manager.find(FhirProviderAuthConfigEntity, {
      where: { accountId: provider.accountId, providerId },
      order: { createdAt: 'ASC' },
    });
    return configs
      .map((config) => config.publicJwk as PublicJwk | null)
      .filter((jwk): jwk is PublicJwk => jwk !== null);
  }

  private async withConfigs(
    manager: EntityManager,
    accountId: string,
    rows: FhirProviderEntity[],
  ): Promise<FhirProvider[]> {
    if (rows.length === 0) return [];
    const configs = await manager.find(FhirProviderAuthConfigEntity, {
      where: { accountId, providerId: In(rows.map((row) => row.id)) },
    });
    return rows.map((row) =>
      toFhirProvider(
        row,
        configs.filter((config) => config.providerId === row.id),
      ),
    );
  }
}
