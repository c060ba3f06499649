import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { AccountRepository } from '../../ports/account.repository.js';
import { CountAccountsQuery } from './count-accounts.query.js';

@QueryHandler(CountAccountsQuery)
export class CountAccountsHandler implements IQueryHandler<CountAccountsQuery> {
  constructor(private readonly accounts: AccountRepository) {}

  execute(): Promise<number> {
    return this.accounts.count();
  }
}
