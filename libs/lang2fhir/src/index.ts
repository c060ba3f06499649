export { Lang2FhirModule } from './lang2fhir.module.js';
export {
  type TextToFhirResult,
  type TextToFhirOptions,
  type ElementDerivation,
} from './application/queries/text-to-fhir/text-to-fhir.query.js';
export { TextToFhir } from './application/ports/text-to-fhir.js';
export { ResumeReferenceFixupsCommand } from './application/commands/resume-reference-fixups/resume-reference-fixups.command.js';
export { REQUESTABLE_KINDS, RESOURCE_KINDS, type ResourceKind } from './domain/resource-kinds.js';
