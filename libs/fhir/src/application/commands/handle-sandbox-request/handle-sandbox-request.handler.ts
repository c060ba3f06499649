import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { SandboxFhirServer, type SandboxResponse } from '../../ports/sandbox-request.js';
import { HandleSandboxRequestCommand } from './handle-sandbox-request.command.js';

@CommandHandler(HandleSandboxRequestCommand)
export class HandleSandboxRequestHandler implements ICommandHandler<HandleSandboxRequestCommand> {
  constructor(private readonly sandbox: SandboxFhirServer) {}

  execute({ accountId, baseUrl, request }: HandleSandboxRequestCommand): Promise<SandboxResponse> {
    return this.sandbox.handle(accountId, baseUrl, request);
  }
}
