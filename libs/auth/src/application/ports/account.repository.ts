import type { Plan } from '@app/shared';
import type { Account } from '../../domain/api-client.js';

export abstract class AccountRepository {
  abstract findByName(name: string): Promise<Account | null>;
  abstract create(name: string, plan: Plan): Promise<Account>;
  abstract updatePlan(id: string, plan: Plan): Promise<Account>;
  abstract count(): Promise<number>;
}
