import { placeholder, placeholdersIn } from '../../placeholders.js';
import type { CreateOperation, PlaceholderSources } from '../../workflow.js';
import type { ClassifiedClause } from '../clause-kind.js';
import { composeText, patientText, subjectText } from '../compose-text.js';
import { idPlaceholder, idSource } from '../links.js';
import { dependenciesOf, type PlanContext } from '../plan-context.js';
import {
  ENCOUNTER_LINKS,
  PATIENT_LINKS,
  RESOURCE_NOUNS,
  type ResourceNoun,
} from '../resource-vocabulary.js';
import { findFieldMentions, type FieldMention, type SampleField } from '../sample-fields.js';
import {
  builtInResource,
  patientElements,
  referenceElement,
  type Json,
} from '../templates/skeletons.js';

/** Words of sample fields that belong to a resource type beyond its own nouns. */
const TYPE_FIELD_WORDS: Record<string, string[]> = {
  Condition: ['diagnosis', 'condition', 'problem', 'icd', 'icd10', 'snomed', 'onset'],
  Observation: [
    ...['lab', 'result', 'value', 'unit', 'units', 'loinc', 'test', 'measurement'],
    ...['systolic', 'diastolic', 'sbp', 'dbp', 'pulse', 'temperature', 'weight', 'height', 'spo2'],
  ],
  MedicationRequest: [
    'medication',
    'drug',
    'dose',
    'dosage',
    'frequency',
    'route',
    'rxnorm',
    'sig',
  ],
  AllergyIntolerance: ['allergy', 'allergen', 'reaction'],
  Immunization: ['vaccine', 'immunization', 'cvx', 'lot'],
  Encounter: ['encounter', 'visit', 'admission'],
  Procedure: ['procedure', 'cpt'],
};

/**
 * A create step. Its template starts as a skeleton: the links to the patient and encounter
 * found or created before, a patient's demographic fields, or the whole resource for types
 * built here (flag, task, communication, allergy, immunization). Types lang2fhir builds
 * also get a generation text, and unless dynamic generation is on, a template request
 * (the text with the sample values) for the caller to have lang2fhir answer.
 */
export function addCreateStep(
  context: PlanContext,
  clause: ClassifiedClause,
  target: ResourceNoun,
  control: string[],
  providerId: string,
): void {
  const id = context.nextStepId();
  const type = target.resourceType;
  const mentions = findFieldMentions(clause.text, context.fields);
  const candidates = fieldsForCreate(context, type, mentions);
  const linkSources: PlaceholderSources = {};
  const skeleton: Json = {
    resourceType: type,
    ...(target.lang2fhir === null
      ? builtInResource(type, builtInText(clause, type, mentions, candidates))
      : {}),
    ...(type === 'Patient' ? patientElements(candidates) : {}),
    ...linkElements(context, type, linkSources),
  };
  if (type === 'Immunization') addImmunizationDate(context, skeleton);
  const generation =
    target.lang2fhir === null
      ? null
      : {
          resource: target.lang2fhir,
          text:
            (type === 'Patient' ? patientText(candidates) : '') ||
            composeText(clause.text, mentions, candidates),
        };
  const used = new Set(placeholdersIn([skeleton, generation?.text ?? '']));
  const fields = context.fields.filter((field) => used.has(field.name));
  const sources: PlaceholderSources = {
    ...Object.fromEntries(fields.map((field) => [field.name, `input.${field.name}`])),
    ...linkSources,
  };
  const dynamic = context.input.dynamicGeneration && generation !== null;
  const operation: CreateOperation = {
    kind: 'create',
    originalDescription: clause.written,
    resourceType: type,
    resourceTemplate: skeleton,
    runtimePlaceholders: sources,
    generation,
  };
  context.steps.push({
    id,
    name: `Create ${type}`,
    description: clause.written,
    type: 'create',
    providerId,
    operation,
    dependencies: dependenciesOf(sources, control),
    dynamicGeneration: dynamic,
  });
  if (generation && !dynamic) {
    context.templateRequests.push({
      stepId: id,
      resource: generation.resource,
      text: withSampleValues(generation.text, context.input.sampleData),
      samples: fields.map((field) => ({ field: field.name, value: field.value })),
    });
  }
  context.producers.push({ resourceType: type, stepId: id, path: 'id' });
}

/** The fields a create step carries: those the clause names, and those that belong to its type. */
function fieldsForCreate(
  context: PlanContext,
  type: string,
  mentions: FieldMention[],
): SampleField[] {
  const demographic = (field: SampleField) => field.concept !== null && field.concept !== 'code';
  const named = mentions
    .map((mention) => mention.field)
    .filter((field) => type === 'Patient' || !demographic(field));
  if (type === 'Patient') {
    const more = context.fields.filter((field) => demographic(field) && !named.includes(field));
    return [...named, ...more];
  }
  const words = new Set([
    ...RESOURCE_NOUNS.filter((noun) => noun.resourceType === type).flatMap((noun) =>
      noun.phrase.split(' '),
    ),
    ...(TYPE_FIELD_WORDS[type] ?? []),
  ]);
  const belonging = context.fields.filter(
    (field) =>
      !demographic(field) && !named.includes(field) && field.words.some((word) => words.has(word)),
  );
  return [...named, ...belonging];
}

/** The text of a resource built here: what follows its noun ("hyperglycemia" in "create a flag for hyperglycemia"). */
function builtInText(
  clause: ClassifiedClause,
  type: string,
  mentions: FieldMention[],
  fields: SampleField[],
): string {
  const nounEnd =
    clause.target && clause.target.resourceType === type
      ? clause.target.end
      : clause.remainderStart;
  const subject = subjectText(clause.text.slice(nounEnd));
  // Only fields named in full go into a built text ("allergy to {{medication}}").
  const exact = mentions.filter((mention) => mention.strength === 'exact');
  if (subject === '') return composeText(clause.text, exact, fields, 0, false);
  return composeText(subject, exact, fields, clause.text.indexOf(subject, nounEnd), false);
}

function linkElements(context: PlanContext, type: string, sources: PlaceholderSources): Json {
  const elements: Json = {};
  const patientLink = PATIENT_LINKS[type];
  const patientSource = idSource(context.producers, 'Patient');
  if (patientLink && patientSource) {
    const name = idPlaceholder('Patient');
    sources[name] = patientSource;
    Object.assign(elements, referenceElement(patientLink.element, `Patient/${placeholder(name)}`));
  }
  const encounterElement = ENCOUNTER_LINKS[type];
  const encounterSource = idSource(context.producers, 'Encounter');
  if (encounterElement && encounterSource) {
    const name = idPlaceholder('Encounter');
    sources[name] = encounterSource;
    Object.assign(elements, referenceElement(encounterElement, `Encounter/${placeholder(name)}`));
  }
  return elements;
}

function addImmunizationDate(context: PlanContext, skeleton: Json): void {
  const date = context.fields.find(
    (field) => field.words.includes('date') && field.concept === null,
  );
  if (!date) {
    context.warnings.push('An immunization needs a date: add a date field to sample_data');
    return;
  }
  skeleton.occurrenceDateTime = placeholder(date.name);
}

function withSampleValues(text: string, sampleData: Record<string, unknown>): string {
  return text.replace(/\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}/g, (whole, name: string) => {
    const value = sampleData[name];
    if (value === undefined || value === null) return whole;
    if (typeof value === 'string') return value;
    return typeof value === 'number' || typeof value === 'boolean'
      ? String(value)
      : JSON.stringify(value);
  });
}
