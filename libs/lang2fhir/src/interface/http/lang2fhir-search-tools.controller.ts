import { Body, Controller, Headers, HttpCode, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentTenant } from '@app/auth';
import type { Resource } from '@app/fhir';
import { FhirClients } from '@app/fhir-provider';
import type { Tenant } from '@app/shared';
import { patientOf } from '../../application/caller-context.js';
import { SearchFromTextQuery } from '../../application/queries/search-from-text/search-from-text.query.js';
import { callerContext, FHIR_PROVIDER_HEADER, ON_BEHALF_OF_HEADER } from './caller-headers.js';
import { SearchAndRunDto } from './search.dto.js';

/** Search from text, run against a FHIR provider (the account sandbox by default). */
@ApiTags('tools')
@ApiBearerAuth('bearer')
@Controller('tools')
export class Lang2FhirSearchToolsController {
  constructor(
    private readonly queries: QueryBus,
    private readonly clients: FhirClients,
  ) {}

  @Post('lang2fhir-and-search')
  @HttpCode(200)
  @ApiOperation({ summary: 'FHIR search parameters from text, executed in the provider' })
  async search(
    @CurrentTenant() tenant: Tenant,
    @Body() body: SearchAndRunDto,
    @Headers(ON_BEHALF_OF_HEADER) onBehalfOf?: string,
    @Headers(FHIR_PROVIDER_HEADER) providerTokens?: string,
  ) {
    const caller = callerContext(onBehalfOf, providerTokens);
    const patient =
      patientOf(caller) ?? (body.patient_id ? `Patient/${body.patient_id}` : undefined);
    const query = await this.queries.execute(
      new SearchFromTextQuery(tenant.accountId, body.text, patient, body.count),
    );
    const client = await this.clients.forProvider(tenant.accountId, body.provider, caller);
    const bundle = await client.search(
      query.resource_type as Resource['resourceType'],
      new URLSearchParams(query.search_params),
    );
    const results = (bundle.entry ?? []).flatMap((entry) =>
      entry.resource ? [entry.resource] : [],
    );
    return {
      success: true,
      message: `Search query generated and executed in FHIR server successfully. Found ${results.length} results.`,
      ...query,
      fhir_results: results,
    };
  }
}
