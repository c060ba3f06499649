import { Query } from '@nestjs/cqrs';
import type { TextSpan } from '@app/clinical-nlp';
import type { Resource } from '@app/fhir';
import type { ElementDerivation } from '../../../domain/derivation.js';

export type { ElementDerivation };

export interface TextToFhirResult {
  resource: Resource;
  /** The `resource` value actually built (the detected one when `auto` was asked). */
  resourceKind: string;
  derivations: ElementDerivation[];
  /** One line for people: what was built, from what. */
  description?: string;
  /** With `auto`: why this kind was chosen. */
  detection?: { reason: string; span?: TextSpan };
}

export interface TextToFhirOptions {
  /** `Patient/<id>`: the patient the resource is about (else the text's patient, by identifier or name). */
  patient?: string;
  /** "today", "3 days ago" and defaults are taken relative to this (default: now). */
  now?: Date;
}

/**
 * Build one FHIR R4 resource from clinical text without storing it: POST /lang2fhir/create,
 * and the building block of lang2fhir-and-create, workflows (templates and dynamic
 * generation) and the MCP tools. `resource` is one of the spec's values or `auto`.
 * Throws an AppError: 400 for an unknown `resource` or empty text, 413 for text over
 * 100 KiB, 422 when the text holds nothing to build or the built resource is invalid.
 */
export class TextToFhirQuery extends Query<TextToFhirResult> {
  constructor(
    readonly accountId: string,
    readonly resource: string,
    readonly text: string,
    readonly options: TextToFhirOptions = {},
  ) {
    super();
  }
}
