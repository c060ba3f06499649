import { Query } from '@nestjs/cqrs';
import type { CrosswalkTarget } from '../../../domain/crosswalk.js';

export interface CrosswalkResult {
  /** The OMOP vocabulary release used (the public document's UMLS release field). */
  resolved_umls_release: string;
  system: string;
  code: string;
  reason_code?: string;
  targets: CrosswalkTarget[];
}

/** One code of a FHIR code system → its equivalents in the target systems, over OMOP. */
export class CrosswalkCodeQuery extends Query<CrosswalkResult> {
  constructor(
    readonly system: string,
    readonly code: string,
    readonly targets: readonly string[],
  ) {
    super();
  }
}
