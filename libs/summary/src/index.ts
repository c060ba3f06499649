export { SummaryModule } from './summary.module.js';
export { SUMMARY_MIGRATIONS } from './migrations.js';
