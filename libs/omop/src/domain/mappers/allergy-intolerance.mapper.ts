import { text, texts } from '../fhir/json.js';
import type { InputEntry } from '../input/read-fhir-input.js';
import { writeEvent } from '../mapping/clinical-event.js';
import type { MappingRun } from '../mapping/mapping-run.js';
import { statusDropReason } from '../mapping/status-rules.js';
import { personOf } from '../mapping/subject.js';
import {
  ALLERGY_CATEGORY,
  ALLERGY_WITHOUT_CATEGORY,
  INTOLERANCE_CATEGORY,
  INTOLERANCE_WITHOUT_CATEGORY,
} from '../vocabulary/hl7-concept-maps.js';
import { choiceFor, resolveCodeableConcept } from '../vocabulary/resolve-codeable-concept.js';
import { TypeConcept } from '../vocabulary/type-concepts.js';
import { eventTime } from './event-time.js';

const CATEGORY_SYSTEM = 'http://hl7.org/fhir/allergy-intolerance-category';
const SUBSTANCE_DOMAINS = ['Drug', 'Observation', 'Device', 'Condition'];

/**
 * AllergyIntolerance → observation in the value-as-concept pattern of the IG: the
 * observation concept says what kind of reaction (allergy to food, intolerance to drug,
 * … from type × category), the value concept says to what (the coded substance).
 */
export async function mapAllergyIntolerance(run: MappingRun, entry: InputEntry): Promise<void> {
  const resource = entry.resource;
  const dropReason = statusDropReason('AllergyIntolerance', resource);
  if (dropReason) return run.drop(entry, dropReason);
  const time = eventTime(
    resource,
    ['onsetDateTime', 'recordedDate', 'lastOccurrence'],
    ['onsetPeriod'],
  );
  if (!time) return run.drop(entry, 'no onset or recorded date: observation_date is required');
  const personId = personOf(run, entry, 'patient');
  if (personId === undefined) return;
  const intolerance = text(resource.type) === 'intolerance';
  const map = intolerance ? INTOLERANCE_CATEGORY : ALLERGY_CATEGORY;
  const category = texts(resource.category)[0];
  const kind = await run.fixed(
    {
      system: CATEGORY_SYSTEM,
      code: category ?? (intolerance ? 'intolerance' : 'allergy'),
      index: 0,
    },
    category === undefined
      ? intolerance
        ? INTOLERANCE_WITHOUT_CATEGORY
        : ALLERGY_WITHOUT_CATEGORY
      : map.concepts[category],
    map.source,
  );
  const substance = await resolveCodeableConcept(
    resource.code,
    run.deps.codes,
    run.deps.concepts,
    SUBSTANCE_DOMAINS,
  );
  const asserter = run.deps.references.resolve(resource.asserter, entry);
  const concept = { ...choiceFor([kind], kind, [], undefined), sourceValue: substance.sourceValue };
  await writeEvent(run, {
    entry,
    key: entry.key,
    naturalTable: 'observation',
    naturalDomains: ['Observation'],
    fixedTable: 'observation',
    concept,
    personId,
    start: time.start,
    typeConceptId:
      asserter.kind === 'resolved' && asserter.entry.resourceType === 'Patient'
        ? TypeConcept.PATIENT_SELF_REPORT
        : TypeConcept.EHR,
    visit: { value: resource.encounter, path: 'encounter' },
    providers: [
      { value: resource.recorder, path: 'recorder' },
      { value: resource.asserter, path: 'asserter' },
    ],
    value: { conceptId: substance.standard?.conceptId ?? 0, sourceValue: substance.sourceValue },
    valueConcept: substance,
  });
}
