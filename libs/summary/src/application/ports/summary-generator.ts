import type { SummaryMode } from '../../domain/summary-mode.js';
import type { GeneratedSummary } from '../queries/generate-summary/generate-summary.query.js';

/**
 * A summary of FHIR data for other libraries (the agents' tools), as POST /fhir2summary/create
 * makes it with its defaults: narrative fills the stored template `templateId`, flatten gives
 * one line per element, ips an International Patient Summary. Its errors are the endpoint's.
 */
export abstract class SummaryGenerator {
  abstract generate(
    accountId: string,
    mode: SummaryMode,
    fhirResources: Record<string, unknown>,
    templateId: string | null,
  ): Promise<GeneratedSummary>;
}
