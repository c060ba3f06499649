import { Query } from '@nestjs/cqrs';
import type { DocumentText } from '../../../domain/documents/document-text.js';
import type { BundledResourceInfo, TextToBundle } from '../text-to-bundle/text-to-bundle.query.js';

export interface DocumentResourceInfo extends BundledResourceInfo {
  /** 1-based pages the resource's text came from; absent when it has no source text. */
  sourcePages?: number[];
}

export interface DocumentToBundle extends TextToBundle {
  resources: DocumentResourceInfo[];
  document: DocumentText;
}

/** POST /lang2fhir/document/multi: a base64 PDF or image → its text → a transaction Bundle. */
export class DocumentToBundleQuery extends Query<DocumentToBundle> {
  constructor(
    readonly accountId: string,
    readonly content: string,
    readonly version: string | undefined,
    readonly patient?: string,
  ) {
    super();
  }
}
