export { SummaryModule } from './summary.module.js';
export { SUMMARY_MIGRATIONS } from './migrations.js';
export {
  GenerateSummaryQuery,
  type GeneratedSummary,
} from './application/queries/generate-summary/generate-summary.query.js';
