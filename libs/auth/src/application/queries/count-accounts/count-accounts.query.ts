import { Query } from '@nestjs/cqrs';

export class CountAccountsQuery extends Query<number> {}
