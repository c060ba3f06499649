import { Query } from '@nestjs/cqrs';
import type { ToolServer } from '../../../domain/tool-server.js';

export class GetToolServerQuery extends Query<ToolServer> {
  constructor(
    readonly accountId: string,
    readonly id: string,
  ) {
    super();
  }
}
