import type { InputEntry } from '../input/read-fhir-input.js';
import type { MappingRun } from '../mapping/mapping-run.js';
import { mapAllergyIntolerance } from './allergy-intolerance.mapper.js';
import { mapCondition } from './condition.mapper.js';
import { mapCoverage } from './coverage.mapper.js';
import { mapDevice } from './device.mapper.js';
import { mapDeviceUseStatement } from './device-use-statement.mapper.js';
import { mapDocumentReference } from './document-reference.mapper.js';
import { mapDiagnosticReport } from './diagnostic-report.mapper.js';
import { mapEncounter } from './encounter.mapper.js';
import { mapImmunization } from './immunization.mapper.js';
import { mapLocation } from './location.mapper.js';
import { mapMedicationAdministration } from './medication-administration.mapper.js';
import { mapMedicationDispense } from './medication-dispense.mapper.js';
import { mapMedicationRequest } from './medication-request.mapper.js';
import { mapMedicationStatement } from './medication-statement.mapper.js';
import { mapObservation } from './observation.mapper.js';
import { mapOrganization } from './organization.mapper.js';
import { mapPatient } from './patient.mapper.js';
import { mapPractitioner } from './practitioner.mapper.js';
import { mapPractitionerRole } from './practitioner-role.mapper.js';
import { mapProcedure } from './procedure.mapper.js';
import { mapSpecimen } from './specimen.mapper.js';

export type ResourceMapper = (run: MappingRun, entry: InputEntry) => Promise<void>;

/**
 * The mapper of each supported resource type, in the order they run: a row is written
 * only after the rows its foreign keys point to (locations and care sites, providers,
 * persons, visits, then clinical records).
 */
export const RESOURCE_MAPPERS: readonly (readonly [string, ResourceMapper])[] = [
  ['Location', mapLocation],
  ['Organization', mapOrganization],
  ['Practitioner', mapPractitioner],
  ['PractitionerRole', mapPractitionerRole],
  ['Patient', mapPatient],
  ['Encounter', mapEncounter],
  ['Specimen', mapSpecimen],
  ['Condition', mapCondition],
  ['Procedure', mapProcedure],
  ['MedicationRequest', mapMedicationRequest],
  ['MedicationStatement', mapMedicationStatement],
  ['MedicationAdministration', mapMedicationAdministration],
  ['MedicationDispense', mapMedicationDispense],
  ['Immunization', mapImmunization],
  ['Observation', mapObservation],
  ['AllergyIntolerance', mapAllergyIntolerance],
  ['DiagnosticReport', mapDiagnosticReport],
  ['DocumentReference', mapDocumentReference],
  ['DeviceUseStatement', mapDeviceUseStatement],
  ['Device', mapDevice],
  // Last: an open coverage ends on the last date of the person's other records.
  ['Coverage', mapCoverage],
];

/** Types read only through references (a Medication gives a drug its code), never dropped. */
export const REFERENCED_ONLY = new Set(['Medication']);
