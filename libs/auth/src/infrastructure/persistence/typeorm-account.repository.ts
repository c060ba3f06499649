import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { randomUUID } from 'node:crypto';
import type { Plan } from '@app/shared';
import type { Repository } from 'typeorm';
import { AccountRepository } from '../../application/ports/account.repository.js';
import type { Account } from '../../domain/api-client.js';
import { AccountEntity } from './account.entity.js';
import { toAccount } from './auth.mappers.js';

@Injectable()
export class TypeOrmAccountRepository extends AccountRepository {
  constructor(
    @InjectRepository(AccountEntity) private readonly accounts: Repository<AccountEntity>,
  ) {
    super();
  }

  async findByName(name: string): Promise<Account | null> {
    const entity = await this.accounts.findOneBy({ name });
    return entity ? toAccount(entity) : null;
  }

  async create(name: string, plan: Plan): Promise<Account> {
    const entity = await this.accounts.save(this.accounts.create({ id: randomUUID(), name, plan }));
    return toAccount(entity);
  }

  async updatePlan(id: string, plan: Plan): Promise<Account> {
    await this.accounts.update({ id }, { plan });
    return toAccount(await this.accounts.findOneByOrFail({ id }));
  }

  count(): Promise<number> {
    return this.accounts.count();
  }
}
