import { Body, Controller, Headers, HttpCode, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiHeader, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentTenant } from '@app/auth';
import { ok, type Tenant } from '@app/shared';
import { CreateFromTextCommand } from '../../application/commands/create-from-text/create-from-text.command.js';
import {
  CreateMultiFromTextCommand,
  type CreatedMultiFromText,
} from '../../application/commands/create-multi-from-text/create-multi-from-text.command.js';
import { callerContext, FHIR_PROVIDER_HEADER, ON_BEHALF_OF_HEADER } from './caller-headers.js';
import {
  CreateFromTextDto,
  CreateFromTextResponseDto,
  CreateMultiFromTextDto,
  CreateMultiResponseDto,
} from './lang2fhir.dto.js';
import { fixupView } from './lang2fhir.views.js';

function where(target: { kind: string; providerId?: string }): string {
  return target.kind === 'sandbox' ? 'the sandbox' : `provider ${target.providerId}`;
}

function multiMessage(result: CreatedMultiFromText): string {
  const count = result.resources.length;
  const base = `${count} resource${count === 1 ? '' : 's'} created in ${where(result.target)}`;
  const fixup = result.referenceFixup;
  if (!fixup) return base;
  if (fixup.status === 'completed')
    return `${base}; the server left urn:uuid references unresolved, ${fixup.updated.length} resource(s) fixed with follow-up PUTs`;
  if (fixup.status === 'failed')
    return `${base}; the follow-up PUTs that fix unresolved urn:uuid references failed: ${fixup.error ?? 'unknown error'}`;
  return `${base}; follow-up PUTs for unresolved urn:uuid references are still running (GET /lang2fhir/reference-fixups/${fixup.id})`;
}

/** The spec's natural-language creation tools: one resource, or several linked ones. */
@ApiTags('lang2fhir')
@ApiBearerAuth('bearer')
@ApiHeader({
  name: ON_BEHALF_OF_HEADER,
  required: false,
  description:
    'Patient/<id> or Practitioner/<id>; a Patient is also the subject of what is created',
})
@ApiHeader({
  name: FHIR_PROVIDER_HEADER,
  required: false,
  description: '<fhir_provider_id>:<oauth2_token>, comma-separated for several providers',
})
@Controller('tools')
export class Lang2FhirToolsController {
  constructor(private readonly commands: CommandBus) {}

  @Post('lang2fhir-and-create')
  @HttpCode(200)
  @ApiOperation({ summary: 'Build one FHIR resource from text and store it in a provider' })
  @ApiOkResponse({ type: CreateFromTextResponseDto })
  async create(
    @CurrentTenant() tenant: Tenant,
    @Body() body: CreateFromTextDto,
    @Headers(ON_BEHALF_OF_HEADER) onBehalfOf?: string,
    @Headers(FHIR_PROVIDER_HEADER) providerTokens?: string,
  ): Promise<CreateFromTextResponseDto> {
    const result = await this.commands.execute(
      new CreateFromTextCommand(
        tenant.accountId,
        body.resource,
        body.text,
        body.provider,
        callerContext(onBehalfOf, providerTokens),
      ),
    );
    return ok(
      `${result.stored.resourceType}/${result.stored.id} created in ${where(result.target)}`,
      {
        fhir_resource: result.stored as unknown as Record<string, unknown>,
        fhir_id: result.stored.id,
        resource_kind: result.resourceKind,
        derivations: result.derivations,
      },
    );
  }

  @Post('lang2fhir-and-create-multi')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Build every resource the text describes, linked by urn:uuid, and store them in one transaction',
  })
  @ApiOkResponse({ type: CreateMultiResponseDto })
  async createMulti(
    @CurrentTenant() tenant: Tenant,
    @Body() body: CreateMultiFromTextDto,
    @Headers(ON_BEHALF_OF_HEADER) onBehalfOf?: string,
    @Headers(FHIR_PROVIDER_HEADER) providerTokens?: string,
  ): Promise<CreateMultiResponseDto> {
    const result = await this.commands.execute(
      new CreateMultiFromTextCommand(
        tenant.accountId,
        body.text,
        body.version,
        body.provider,
        callerContext(onBehalfOf, providerTokens),
      ),
    );
    return {
      // The resources are stored, but with references that do not resolve: not a success.
      success: result.referenceFixup?.status !== 'failed',
      message: multiMessage(result),
      response_bundle: result.responseBundle as unknown as Record<string, unknown>,
      resource_info: result.resources,
      skipped: result.skipped,
      ...(result.referenceFixup ? { reference_fixup: fixupView(result.referenceFixup) } : {}),
    };
  }
}
