export { SummaryModule } from './summary.module.js';
export { SummaryGenerator } from './application/ports/summary-generator.js';
export type { GeneratedSummary } from './application/queries/generate-summary/generate-summary.query.js';
