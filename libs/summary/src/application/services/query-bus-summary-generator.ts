import { Injectable } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { SummaryMode } from '../../domain/summary-mode.js';
import { SummaryGenerator } from '../ports/summary-generator.js';
import {
  GenerateSummaryQuery,
  type GeneratedSummary,
} from '../queries/generate-summary/generate-summary.query.js';

/** The port answered by this library's own use case. */
@Injectable()
export class QueryBusSummaryGenerator extends SummaryGenerator {
  constructor(private readonly queries: QueryBus) {
    super();
  }

  generate(
    accountId: string,
    mode: SummaryMode,
    fhirResources: Record<string, unknown>,
    templateId: string | null,
  ): Promise<GeneratedSummary> {
    return this.queries.execute(
      new GenerateSummaryQuery(accountId, mode, fhirResources, templateId, null, null),
    );
  }
}
