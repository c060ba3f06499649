import type { Reference, Resource } from '@app/fhir';

/** The R4 types the builders produce, derived from the one FHIR type module of the service. */
export type Of<K extends Resource['resourceType']> = Extract<Resource, { resourceType: K }>;

export type { Reference, Resource };
export type Patient = Of<'Patient'>;
export type Condition = Of<'Condition'>;
export type Observation = Of<'Observation'>;
export type MedicationRequest = Of<'MedicationRequest'>;
export type Procedure = Of<'Procedure'>;
export type ServiceRequest = Of<'ServiceRequest'>;
export type Encounter = Of<'Encounter'>;
export type Appointment = Of<'Appointment'>;
export type CarePlan = Of<'CarePlan'>;
export type Coverage = Of<'Coverage'>;
export type Questionnaire = Of<'Questionnaire'>;
export type QuestionnaireResponse = Of<'QuestionnaireResponse'>;
export type AllergyIntolerance = Of<'AllergyIntolerance'>;
export type CodeableConcept = NonNullable<Condition['code']>;
export type Coding = NonNullable<CodeableConcept['coding']>[number];
export type Quantity = NonNullable<Observation['valueQuantity']>;
export type Identifier = NonNullable<Patient['identifier']>[number];
export type Extension = NonNullable<Patient['extension']>[number];
export type Dosage = NonNullable<MedicationRequest['dosageInstruction']>[number];
