import { Query } from '@nestjs/cqrs';
import type { ToolServer } from '../../../domain/tool-server.js';

export class ListToolServersQuery extends Query<ToolServer[]> {
  constructor(readonly accountId: string) {
    super();
  }
}
