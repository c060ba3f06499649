import { Command } from '@nestjs/cqrs';
import type { SandboxRequest, SandboxResponse } from '../../ports/sandbox-request.js';

/** One FHIR REST interaction on the caller's own sandbox. */
export class HandleSandboxRequestCommand extends Command<SandboxResponse> {
  constructor(
    readonly accountId: string,
    /** The sandbox's base URL as the caller sees it: used in fullUrl, Location and paging links. */
    readonly baseUrl: string,
    readonly request: SandboxRequest,
  ) {
    super();
  }
}
