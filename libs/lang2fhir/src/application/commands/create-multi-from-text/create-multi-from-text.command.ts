import { Command } from '@nestjs/cqrs';
import type { Bundle } from '@app/fhir';
import type { ElementDerivation } from '../../../domain/derivation.js';
import type { FixupStatus } from '../../../domain/bundle/reference-fixup.js';
import type { CallerFhirContext } from '../../caller-context.js';

export interface CreatedResourceInfo {
  tempId: string;
  resourceType: string;
  description: string;
  /** `Type/id` where the server stored it. */
  reference?: string;
  derivations: ElementDerivation[];
}

export interface ReferenceFixupReport {
  id: string;
  status: FixupStatus;
  /** References rewritten by follow-up PUTs: the resources updated, with their new versions. */
  updated: string[];
  error?: string;
}

export interface CreatedMultiFromText {
  responseBundle: Bundle;
  resources: CreatedResourceInfo[];
  skipped: { text: string; reason: string }[];
  referenceFixup?: ReferenceFixupReport;
  target: { kind: 'sandbox' | 'remote'; providerId?: string };
}

/**
 * lang2fhir-and-create-multi: every resource the text describes, in one transaction with
 * urn:uuid links; references the server leaves unresolved are fixed by a follow-up job.
 */
export class CreateMultiFromTextCommand extends Command<CreatedMultiFromText> {
  constructor(
    readonly accountId: string,
    readonly text: string,
    readonly version: string | undefined,
    readonly provider: string,
    readonly caller: CallerFhirContext = {},
  ) {
    super();
  }
}
