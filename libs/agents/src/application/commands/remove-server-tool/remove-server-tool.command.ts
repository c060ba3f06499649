import { Command } from '@nestjs/cqrs';

/**
 * DELETE /tools/mcp-server/tool/{id}: agents stop being offered this tool of the server.
 * The server itself is not changed; listing it again does not bring the tool back.
 */
export class RemoveServerToolCommand extends Command<void> {
  constructor(
    readonly accountId: string,
    readonly id: string,
  ) {
    super();
  }
}
