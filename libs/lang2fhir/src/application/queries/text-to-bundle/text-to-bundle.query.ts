import { Query } from '@nestjs/cqrs';
import type { Bundle } from '@app/fhir';
import type { ElementDerivation } from '../../../domain/derivation.js';

export interface BundledResourceInfo {
  tempId: string;
  resourceType: string;
  description: string;
  /** The input text from the first to the last character any element was derived from. */
  originalText?: string;
  derivations: ElementDerivation[];
}

export interface TextToBundle {
  bundle: Bundle;
  resources: BundledResourceInfo[];
  skipped: { text: string; reason: string }[];
}

/** lang2fhir create/multi: every resource the text describes, linked by urn:uuid, not stored. */
export class TextToBundleQuery extends Query<TextToBundle> {
  constructor(
    readonly accountId: string,
    readonly text: string,
    readonly version: string | undefined,
    /** `Patient/<id>`: the subject instead of a Patient built from the text. */
    readonly patient?: string,
  ) {
    super();
  }
}
