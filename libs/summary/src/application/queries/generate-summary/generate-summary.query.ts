import { Query } from '@nestjs/cqrs';
import type { FhirResource } from '../../../domain/fhir/fhir-resource.js';
import type { FlattenedResource } from '../../../domain/flatten/flatten-resources.js';
import type { ViewRow } from '../../../domain/sql-on-fhir/run-view.js';
import type { IpsFormat, SummaryMode } from '../../../domain/summary-mode.js';

export interface IpsSectionView {
  title: string;
  code: string;
  itemCount: number;
}

/** `warnings`: what tolerant reading found in the input (and, narrative, unresolved placeholders). */
export type GeneratedSummary =
  | { kind: 'narrative'; summary: string; warnings: string[] }
  | { kind: 'flatten'; summary: string; resources: FlattenedResource[]; warnings: string[] }
  | { kind: 'view'; summary: string; columns: string[]; rows: ViewRow[]; warnings: string[] }
  | {
      kind: 'ips';
      summary: string;
      sections: IpsSectionView[];
      bundle: FhirResource | null;
      warnings: string[];
    };

/** POST /fhir2summary/create: a summary of FHIR data in one of the three modes. */
export class GenerateSummaryQuery extends Query<GeneratedSummary> {
  constructor(
    /** The caller's account: narrative mode reads one of its templates. */
    readonly accountId: string,
    readonly mode: SummaryMode,
    readonly fhirResources: Record<string, unknown>,
    readonly templateId: string | null,
    readonly viewDefinition: Record<string, unknown> | null,
    readonly format: IpsFormat | null,
    /** true: refuse input with any R4 finding (400) instead of warning about it. */
    readonly strict = false,
  ) {
    super();
  }
}
