import { Body, Controller, Headers, HttpCode, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentTenant } from '@app/auth';
import type { Resource } from '@app/fhir';
import { FhirClients } from '@app/fhir-provider';
import type { Tenant } from '@app/shared';
import { CohortFromTextQuery } from '../../application/queries/cohort-from-text/cohort-from-text.query.js';
import { callerContext, FHIR_PROVIDER_HEADER, ON_BEHALF_OF_HEADER } from './caller-headers.js';
import { CohortDto, CohortRunDto } from './cohort.dto.js';

/** At most this many resources per criterion are read when a cohort runs. */
const MAX_PER_CRITERION = 1_000;

@ApiTags('lang2fhir')
@ApiBearerAuth('bearer')
@Controller()
export class CohortController {
  constructor(
    private readonly queries: QueryBus,
    private readonly clients: FhirClients,
  ) {}

  @Post('cohort')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cohort criteria in words → one FHIR search per concept' })
  async cohort(@CurrentTenant() tenant: Tenant, @Body() body: CohortDto) {
    const queries = await this.queries.execute(
      new CohortFromTextQuery(tenant.accountId, body.text),
    );
    return {
      success: true,
      message: `Cohort analysis completed successfully. Generated ${queries.length} search queries from ${queries.length} concepts.`,
      queries,
    };
  }

  @Post('tools/cohort')
  @HttpCode(200)
  @ApiOperation({ summary: 'Cohort criteria run in a FHIR provider: the matching patient ids' })
  async runCohort(
    @CurrentTenant() tenant: Tenant,
    @Body() body: CohortRunDto,
    @Headers(ON_BEHALF_OF_HEADER) onBehalfOf?: string,
    @Headers(FHIR_PROVIDER_HEADER) providerTokens?: string,
  ) {
    const queries = await this.queries.execute(
      new CohortFromTextQuery(tenant.accountId, body.text),
    );
    const client = await this.clients.forProvider(
      tenant.accountId,
      body.provider,
      callerContext(onBehalfOf, providerTokens),
    );
    let included: Set<string> | undefined;
    const excluded = new Set<string>();
    for (const query of queries) {
      const resources = await client.searchAll(
        query.resource_type as Resource['resourceType'],
        new URLSearchParams(query.search_params),
        { maxResources: MAX_PER_CRITERION },
      );
      const ids = new Set(resources.flatMap(patientIdOf));
      if (query.exclude) for (const id of ids) excluded.add(id);
      else included = included ? new Set([...included].filter((id) => ids.has(id))) : ids;
    }
    const patientIds = [...(included ?? [])].filter((id) => !excluded.has(id)).sort();
    return {
      success: true,
      message: `Cohort analysis completed successfully. Found ${patientIds.length} patients from ${queries.length} search concepts.`,
      patientIds,
      patientCount: patientIds.length,
      queries,
    };
  }
}

/** The patient a resource is about: itself, or its subject/patient reference. */
function patientIdOf(resource: Resource): string[] {
  if (resource.resourceType === 'Patient') return resource.id ? [resource.id] : [];
  const record = resource as unknown as Record<string, { reference?: string } | undefined>;
  const reference = record.subject?.reference ?? record.patient?.reference;
  const match = reference ? /(?:^|\/)Patient\/([^/]+)$/.exec(reference) : null;
  return match ? [match[1]] : [];
}
