import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { RequestContext } from '@app/shared';
import { SandboxFhirServer, type SandboxResponse } from '../../ports/sandbox-request.js';
import { HandleSandboxRequestCommand } from './handle-sandbox-request.command.js';

@CommandHandler(HandleSandboxRequestCommand)
export class HandleSandboxRequestHandler implements ICommandHandler<HandleSandboxRequestCommand> {
  constructor(private readonly sandbox: SandboxFhirServer) {}

  execute({ baseUrl, request }: HandleSandboxRequestCommand): Promise<SandboxResponse> {
    const { accountId } = RequestContext.requireTenant();
    return this.sandbox.handle(accountId, baseUrl, request);
  }
}
