import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import {
  ApiBadRequestResponse,
  ApiBearerAuth,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import { ok } from '@app/shared';
import {
  MapFhirToOmopQuery,
  type OmopMappingAnswer,
} from '../../application/queries/map-fhir-to-omop/map-fhir-to-omop.query.js';
import { FhirToOmopRequestDto, FhirToOmopResponseDto } from './fhir-to-omop.dto.js';
import { presentOmopMapping } from './omop-mapping.presenter.js';

@ApiTags('fhir2omop')
@ApiBearerAuth('bearer')
@Controller('fhir2omop')
export class FhirToOmopController {
  constructor(private readonly queries: QueryBus) {}

  @Post('create')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Map FHIR R4 resources to OMOP CDM v5.4 rows, with how each code was resolved',
  })
  @ApiOkResponse({ type: FhirToOmopResponseDto })
  @ApiBadRequestResponse({
    description:
      'fhir_resources is not a FHIR resource or Bundle, or an element has the wrong type',
  })
  async create(@Body() body: FhirToOmopRequestDto): Promise<FhirToOmopResponseDto> {
    const result: OmopMappingAnswer = await this.queries.execute(
      new MapFhirToOmopQuery(body.fhir_resources, body.vocab_version, body.strict ?? false),
    );
    const rows = Object.values(result.tables).reduce<number>(
      (sum, table: unknown[] | undefined) => sum + (table?.length ?? 0),
      0,
    );
    return ok(`Mapped to ${rows} OMOP rows`, presentOmopMapping(result));
  }
}
