import { Query } from '@nestjs/cqrs';
import type { DocumentText } from '../../../domain/documents/document-text.js';
import type { TextToFhirResult } from '../text-to-fhir/text-to-fhir.query.js';

/** The resource built from a document, and the text it was read as (derivations point into it). */
export interface DocumentToFhirResult extends TextToFhirResult {
  document: DocumentText;
}

/** POST /lang2fhir/document: a base64 PDF or image → its text → one FHIR resource, not stored. */
export class DocumentToFhirQuery extends Query<DocumentToFhirResult> {
  constructor(
    readonly accountId: string,
    readonly resource: string,
    /** Base64 of a PDF, PNG, JPEG or TIFF file. */
    readonly content: string,
    readonly version: string | undefined,
    readonly patient?: string,
  ) {
    super();
  }
}
