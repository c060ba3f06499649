import { Command } from '@nestjs/cqrs';

/** DELETE /tools/mcp-server/{id}: refused (409) while an agent uses the server. */
export class DeleteToolServerCommand extends Command<void> {
  constructor(
    readonly accountId: string,
    readonly id: string,
  ) {
    super();
  }
}
