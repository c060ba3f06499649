import { isPlan } from '@app/shared';
import type { Account, ApiClient } from '../../domain/api-client.js';
import type { AccountEntity } from './account.entity.js';
import type { ApiClientEntity } from './api-client.entity.js';

export function toAccount(entity: AccountEntity): Account {
  if (!isPlan(entity.plan))
    throw new Error(`Account ${entity.id} has an unknown plan ${entity.plan}`);
  return { id: entity.id, name: entity.name, plan: entity.plan, createdAt: entity.createdAt };
}

export function toApiClient(entity: ApiClientEntity): ApiClient {
  return {
    id: entity.id,
    accountId: entity.accountId,
    name: entity.name,
    secretHash: entity.secretHash,
    enabled: entity.enabled,
    createdAt: entity.createdAt,
  };
}
