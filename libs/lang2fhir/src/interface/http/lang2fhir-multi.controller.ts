import { Body, Controller, Headers, HttpCode, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentTenant } from '@app/auth';
import { ok, type Tenant } from '@app/shared';
import { patientOf } from '../../application/caller-context.js';
import { SearchFromTextQuery } from '../../application/queries/search-from-text/search-from-text.query.js';
import { TextToBundleQuery } from '../../application/queries/text-to-bundle/text-to-bundle.query.js';
import { callerContext, ON_BEHALF_OF_HEADER } from './caller-headers.js';
import { CreateMultiNoStoreDto } from './multi.dto.js';
import { SearchFromTextDto } from './search.dto.js';

/** Several linked resources from one text, returned as a transaction Bundle and not stored. */
@ApiTags('lang2fhir')
@ApiBearerAuth('bearer')
@Controller('lang2fhir')
export class Lang2FhirMultiController {
  constructor(private readonly queries: QueryBus) {}

  @Post('create/multi')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Every resource a text describes, as a transaction Bundle (not stored)',
  })
  @ApiHeader({
    name: ON_BEHALF_OF_HEADER,
    required: false,
    description: 'Patient/<id>: the subject',
  })
  async createMulti(
    @CurrentTenant() tenant: Tenant,
    @Body() body: CreateMultiNoStoreDto,
    @Headers(ON_BEHALF_OF_HEADER) onBehalfOf?: string,
  ) {
    const caller = callerContext(onBehalfOf, undefined);
    const result = await this.queries.execute(
      new TextToBundleQuery(tenant.accountId, body.text, body.version, patientOf(caller)),
    );
    const count = result.resources.length;
    return ok(`Successfully extracted ${count} resource${count === 1 ? '' : 's'}`, {
      bundle: result.bundle,
      resources: result.resources,
      skipped: result.skipped,
    });
  }

  @Post('search')
  @HttpCode(200)
  @ApiOperation({ summary: 'A FHIR resource type and search parameters from a request in words' })
  @ApiHeader({
    name: ON_BEHALF_OF_HEADER,
    required: false,
    description: 'Patient/<id>: the subject',
  })
  search(
    @CurrentTenant() tenant: Tenant,
    @Body() body: SearchFromTextDto,
    @Headers(ON_BEHALF_OF_HEADER) onBehalfOf?: string,
  ) {
    const caller = callerContext(onBehalfOf, undefined);
    return this.queries.execute(
      new SearchFromTextQuery(tenant.accountId, body.text, patientOf(caller)),
    );
  }
}
