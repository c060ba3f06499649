import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentTenant } from '@app/auth';
import { ok, type Tenant } from '@app/shared';
import {
  GenerateSummaryQuery,
  type GeneratedSummary,
} from '../../application/queries/generate-summary/generate-summary.query.js';
import { CreateSummaryDto, SummaryResponseDto } from './create-summary.dto.js';

function present(result: GeneratedSummary): SummaryResponseDto {
  switch (result.kind) {
    case 'narrative':
      return ok('Narrative summary generated', {
        summary: result.summary,
        warnings: result.warnings,
      });
    case 'flatten':
      return ok('Resources flattened', {
        summary: result.summary,
        resources: result.resources.map((resource) => ({
          resource_type: resource.resourceType,
          id: resource.id,
          full_url: resource.fullUrl,
          label: resource.label,
          lines: resource.lines,
        })),
        warnings: result.warnings,
      });
    case 'view':
      return ok('View rows generated', {
        summary: result.summary,
        columns: result.columns,
        rows: result.rows,
        warnings: result.warnings,
      });
    case 'ips':
      return ok('International Patient Summary generated', {
        summary: result.summary,
        sections: result.sections.map((section) => ({
          title: section.title,
          code: section.code,
          item_count: section.itemCount,
        })),
        ...(result.bundle === null ? {} : { bundle: result.bundle }),
        warnings: result.warnings,
      });
  }
}

@ApiTags('fhir2summary')
@ApiBearerAuth('bearer')
@Controller('fhir2summary')
export class SummaryController {
  constructor(private readonly queries: QueryBus) {}

  @Post('create')
  @HttpCode(200)
  @ApiOperation({
    summary:
      'Summarise FHIR data: narrative (from a template), flatten (lines or view rows) or ips',
  })
  @ApiOkResponse({ type: SummaryResponseDto })
  async create(
    @CurrentTenant() tenant: Tenant,
    @Body() body: CreateSummaryDto,
  ): Promise<SummaryResponseDto> {
    const result = await this.queries.execute(
      new GenerateSummaryQuery(
        tenant.accountId,
        body.mode ?? 'narrative',
        body.fhir_resources,
        body.template_id ?? null,
        body.view_definition ?? null,
        body.format ?? null,
        body.strict ?? false,
      ),
    );
    return present(result);
  }
}
