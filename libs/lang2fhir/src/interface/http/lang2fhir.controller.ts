import { Body, Controller, Get, Headers, HttpCode, Param, Post, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  ApiBearerAuth,
  ApiExtraModels,
  ApiHeader,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
  getSchemaPath,
} from '@nestjs/swagger';
import { CurrentTenant } from '@app/auth';
import { ok, type Tenant } from '@app/shared';
import { patientOf } from '../../application/caller-context.js';
import { requireR4 } from '../../application/lang2fhir-errors.js';
import { GetReferenceFixupQuery } from '../../application/queries/get-reference-fixup/get-reference-fixup.query.js';
import { TextToFhirQuery } from '../../application/queries/text-to-fhir/text-to-fhir.query.js';
import { callerContext, ON_BEHALF_OF_HEADER } from './caller-headers.js';
import {
  ReferenceFixupResponseDto,
  TextToFhirDto,
  TextToFhirOptionsDto,
  TextToFhirResponseDto,
} from './lang2fhir.dto.js';
import { fixupView } from './lang2fhir.views.js';

/** Text to FHIR without storage (beyond the spec), and the status of reference fix-ups. */
@ApiTags('lang2fhir')
@ApiBearerAuth('bearer')
@Controller('lang2fhir')
export class Lang2FhirController {
  constructor(private readonly queries: QueryBus) {}

  @Post('create')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Build one US Core–shaped FHIR R4 resource from clinical text, without storing it',
  })
  @ApiHeader({
    name: ON_BEHALF_OF_HEADER,
    required: false,
    description: 'Patient/<id>: the subject',
  })
  @ApiExtraModels(TextToFhirResponseDto)
  @ApiOkResponse({
    description:
      'The FHIR R4 resource itself (as the public API document has it); with `?details=true`, the envelope with resource_kind and derivations',
    schema: {
      oneOf: [
        { type: 'object', description: 'A FHIR R4 resource' },
        { $ref: getSchemaPath(TextToFhirResponseDto) },
      ],
    },
  })
  async create(
    @CurrentTenant() tenant: Tenant,
    @Body() body: TextToFhirDto,
    @Query() options: TextToFhirOptionsDto,
    @Headers(ON_BEHALF_OF_HEADER) onBehalfOf?: string,
  ): Promise<TextToFhirResponseDto | Record<string, unknown>> {
    requireR4(body.version);
    const caller = callerContext(onBehalfOf, undefined);
    const result = await this.queries.execute(
      new TextToFhirQuery(tenant.accountId, body.resource, body.text, {
        patient: patientOf(caller),
      }),
    );
    const resource = result.resource as unknown as Record<string, unknown>;
    if (!options.details) return resource;
    return ok(`${result.resource.resourceType} built from the text`, {
      fhir_resource: resource,
      resource_kind: result.resourceKind,
      derivations: result.derivations,
    });
  }

  @Get('reference-fixups/:id')
  @ApiOperation({ summary: 'The follow-up PUTs of a multi-create: pending, completed or failed' })
  @ApiOkResponse({ type: ReferenceFixupResponseDto })
  async fixup(
    @CurrentTenant() tenant: Tenant,
    @Param('id') id: string,
  ): Promise<ReferenceFixupResponseDto> {
    const fixup = await this.queries.execute(new GetReferenceFixupQuery(tenant.accountId, id));
    return ok(`Reference fix-up ${fixup.status}`, { data: fixupView(fixup) });
  }
}
