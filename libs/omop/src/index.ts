export { OmopModule } from './omop.module.js';
export { OmopBulkModule } from './omop-bulk.module.js';
export { MapFhirToOmopQuery } from './application/queries/map-fhir-to-omop/map-fhir-to-omop.query.js';
export { FhirToOmopMapper } from './application/ports/fhir-to-omop-mapper.js';
export {
  LoadOmopCommand,
  type LoadOmopProgress,
  type LoadOmopSummary,
} from './application/commands/load-omop/load-omop.command.js';
export {
  parseOmopTarget,
  describeTarget,
  InvalidTargetError,
  DEFAULT_CDM_SCHEMA,
  type OmopTarget,
} from './domain/bulk/omop-target.js';
export { topReasons, type Tally } from './domain/bulk/tally.js';
export type { OmopMappingResult } from './domain/model/mapping-report.js';
export type { OmopTables } from './domain/model/omop-rows.js';
export { danglingForeignKeys } from './domain/mapping/dangling-foreign-keys.js';
/** The id a response gives a row of a source key (for comparing responses with loads). */
export { hashedId } from './domain/ids/hashed-id-allocator.js';
