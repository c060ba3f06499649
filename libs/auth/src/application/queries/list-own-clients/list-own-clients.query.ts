import { Query } from '@nestjs/cqrs';

export interface ApiClientView {
  clientId: string;
  name: string;
  enabled: boolean;
  createdAt: Date;
}

export class ListOwnClientsQuery extends Query<ApiClientView[]> {
  constructor(readonly accountId: string) {
    super();
  }
}
