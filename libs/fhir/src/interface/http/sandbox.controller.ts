import { All, Controller, Inject, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentTenant } from '@app/auth';
import type { Tenant } from '@app/shared';
import type { Request, Response } from 'express';
import { HandleSandboxRequestCommand } from '../../application/commands/handle-sandbox-request/handle-sandbox-request.command.js';
import type { SandboxMethod } from '../../application/ports/sandbox-request.js';
import { FhirSettings } from '../../infrastructure/config/fhir-settings.js';
import { readQuery } from '../../domain/search/query-string.js';

export const SANDBOX_PATH = 'fhir/sandbox';
const METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/**
 * The caller's sandbox FHIR R4 server at `/fhir/sandbox`: the account comes from the
 * bearer token, so every account sees only its own resources under the same URL. FHIR
 * errors are OperationOutcomes (what FHIR clients expect), not the service envelope.
 */
@ApiTags('fhir-sandbox')
@ApiBearerAuth('bearer')
@Controller(SANDBOX_PATH)
export class SandboxController {
  constructor(
    private readonly commands: CommandBus,
    @Inject(FhirSettings) private readonly settings: FhirSettings,
  ) {}

  @All(['', '{*path}'])
  @ApiOperation({
    summary:
      'Sandbox FHIR R4 REST API (read, vread, create, update, delete, history, search, batch/transaction)',
  })
  async handle(
    @CurrentTenant() tenant: Tenant,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const method = request.method.toUpperCase();
    if (!METHODS.includes(method)) {
      response.status(405).set('Allow', METHODS.join(', ')).end();
      return;
    }
    const path = request.path.slice(`/${SANDBOX_PATH}`.length).replace(/^\/+|\/+$/g, '');
    const result = await this.commands.execute(
      new HandleSandboxRequestCommand(tenant.accountId, this.baseUrl(request), {
        method: method as SandboxMethod,
        path,
        query: readQuery(request.originalUrl),
        body: request.body as unknown,
        ifMatch: request.header('if-match'),
        ifNoneExist: request.header('if-none-exist'),
      }),
    );
    // `end`, not `send`: Express would add a content-hash ETag where FHIR's is the version.
    response
      .status(result.status)
      .set(result.headers)
      .type('application/fhir+json; charset=utf-8')
      .end(JSON.stringify(result.body));
  }

  private baseUrl(request: Request): string {
    const origin =
      this.settings.publicBaseUrl ?? `${request.protocol}://${request.get('host') ?? 'localhost'}`;
    return `${origin}/${SANDBOX_PATH}`;
  }
}
