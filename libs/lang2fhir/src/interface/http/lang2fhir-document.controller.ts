import { Body, Controller, Headers, HttpCode, Post, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiHeader, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentTenant } from '@app/auth';
import { ok, type Tenant } from '@app/shared';
import { patientOf } from '../../application/caller-context.js';
import { DocumentToBundleQuery } from '../../application/queries/document-to-bundle/document-to-bundle.query.js';
import { DocumentToFhirQuery } from '../../application/queries/document-to-fhir/document-to-fhir.query.js';
import { callerContext, ON_BEHALF_OF_HEADER } from './caller-headers.js';
import { DocumentToBundleDto, DocumentToFhirDto } from './document.dto.js';
import { TextToFhirOptionsDto } from './lang2fhir.dto.js';

const FAILURES =
  '400 bad base64 or an unknown resource; 413 over the size cap; 415 not a PDF/PNG/JPEG/TIFF; 422 unreadable, too many pages, no text, or nothing to build; 504 OCR over its time budget';

/** A PDF or an image, read to text (text layer, else OCR), through the text-to-FHIR engine. */
@ApiTags('lang2fhir')
@ApiBearerAuth('bearer')
@Controller('lang2fhir')
export class Lang2FhirDocumentController {
  constructor(private readonly queries: QueryBus) {}

  @Post('document')
  @HttpCode(200)
  @ApiOperation({
    summary: 'One FHIR resource from a document (PDF or image), not stored',
    description: `Answers the FHIR resource itself; with ?details=true the envelope with derivations into the document's extracted text. ${FAILURES}`,
  })
  @ApiHeader({
    name: ON_BEHALF_OF_HEADER,
    required: false,
    description: 'Patient/<id>: the subject',
  })
  async document(
    @CurrentTenant() tenant: Tenant,
    @Body() body: DocumentToFhirDto,
    @Query() options: TextToFhirOptionsDto,
    @Headers(ON_BEHALF_OF_HEADER) onBehalfOf?: string,
  ) {
    const caller = callerContext(onBehalfOf, undefined);
    const result = await this.queries.execute(
      new DocumentToFhirQuery(
        tenant.accountId,
        body.resource,
        body.content,
        body.version,
        patientOf(caller),
      ),
    );
    const resource = result.resource as unknown as Record<string, unknown>;
    if (!options.details) return resource;
    return ok(`${result.resource.resourceType} built from the document`, {
      fhir_resource: resource,
      resource_kind: result.resourceKind,
      derivations: result.derivations,
      document: result.document,
    });
  }

  @Post('document/multi')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Every resource a document describes, as a transaction Bundle (not stored)',
    description: `resources[].sourcePages gives the pages each came from; derivations point into document.text. ${FAILURES}`,
  })
  @ApiHeader({
    name: ON_BEHALF_OF_HEADER,
    required: false,
    description: 'Patient/<id>: the subject',
  })
  async documentMulti(
    @CurrentTenant() tenant: Tenant,
    @Body() body: DocumentToBundleDto,
    @Headers(ON_BEHALF_OF_HEADER) onBehalfOf?: string,
  ) {
    const caller = callerContext(onBehalfOf, undefined);
    const result = await this.queries.execute(
      new DocumentToBundleQuery(tenant.accountId, body.content, body.version, patientOf(caller)),
    );
    const count = result.resources.length;
    return ok(`Successfully extracted ${count} resource${count === 1 ? '' : 's'}`, {
      bundle: result.bundle,
      resources: result.resources,
      skipped: result.skipped,
      document: result.document,
    });
  }
}
