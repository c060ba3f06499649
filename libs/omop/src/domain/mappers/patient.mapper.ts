import { parseFhirMoment } from '../fhir/fhir-date.js';
import { child, text } from '../fhir/json.js';
import type { InputEntry } from '../input/read-fhir-input.js';
import { fit } from '../mapping/fit.js';
import type { MappingRun, RowPlace } from '../mapping/mapping-run.js';
import type { PersonRow } from '../model/omop-rows.js';
import type { CodeResolution } from '../vocabulary/code-resolver.js';
import { ADMINISTRATIVE_GENDER_SYSTEM, BIRTH_SEX, GENDER } from '../vocabulary/hl7-concept-maps.js';
import { TypeConcept } from '../vocabulary/type-concepts.js';
import { addressLocation } from './address-location.js';
import { birthSex, ethnicity, race } from './us-core-demographics.js';

const BIRTH_TIME_URL = 'http://hl7.org/fhir/StructureDefinition/patient-birthTime';

/** Administrative gender, else US Core birth sex when gender is absent or unknown. */
async function gender(
  run: MappingRun,
  resource: Record<string, unknown>,
): Promise<{ resolution: CodeResolution; source?: string }> {
  const administrative = text(resource.gender);
  const sex = birthSex(resource);
  if ((administrative === undefined || administrative === 'unknown') && sex !== undefined) {
    const resolution = await run.fixed(
      { system: 'http://hl7.org/fhir/us/core/ValueSet/birthsex', code: sex, index: 0 },
      BIRTH_SEX.concepts[sex],
      BIRTH_SEX.source,
    );
    return { resolution, source: sex };
  }
  const resolution = await run.fixed(
    { system: ADMINISTRATIVE_GENDER_SYSTEM, code: administrative, index: 0 },
    administrative === undefined ? undefined : GENDER.concepts[administrative],
    GENDER.source,
  );
  return { resolution, source: administrative };
}

function birthDateTime(resource: Record<string, unknown>): string | null {
  const birthDate = child(resource._birthDate);
  for (const item of Array.isArray(birthDate?.extension) ? birthDate.extension : []) {
    const extension = child(item);
    if (extension?.url === BIRTH_TIME_URL)
      return parseFhirMoment(extension.valueDateTime)?.datetime ?? null;
  }
  return null;
}

/**
 * Patient → person (+ a de-identified location, + death). A patient without a birth date
 * cannot be a person (year_of_birth is required) and is dropped, with its records.
 */
export async function mapPatient(run: MappingRun, entry: InputEntry): Promise<void> {
  const resource = entry.resource;
  const birth = parseFhirMoment(resource.birthDate);
  if (!birth) {
    run.drop(entry, 'no valid birthDate: person.year_of_birth is required');
    return;
  }
  const id = await run.id('person', entry.key);
  const at: RowPlace = { table: 'person', id };
  const sex = await gender(run, resource);
  const raceOf = await race(resource, run.deps.concepts);
  const ethnicityOf = await ethnicity(resource, run.deps.concepts);
  const [year, month, day] = birth.date.split('-').map(Number);
  const partial = text(resource.birthDate)?.length ?? 0;
  const row: PersonRow = {
    person_id: id,
    gender_concept_id: sex.resolution.targets[0]?.conceptId ?? 0,
    year_of_birth: year,
    month_of_birth: partial >= 7 ? month : null,
    day_of_birth: partial >= 10 ? day : null,
    birth_datetime: birthDateTime(resource),
    race_concept_id: raceOf.conceptId,
    ethnicity_concept_id: ethnicityOf.conceptId,
    location_id: await addressLocation(run, entry, resource.address, 'deidentified'),
    provider_id: null,
    care_site_id: null,
    // The logical id, never a business identifier such as an MRN (IG f2o-020).
    person_source_value: fit(run.resourceId(entry), 50),
    gender_source_value: fit(sex.source, 50),
    gender_source_concept_id: 0,
    race_source_value: fit(raceOf.sourceValue, 50),
    race_source_concept_id: 0,
    ethnicity_source_value: fit(ethnicityOf.sourceValue, 50),
    ethnicity_source_concept_id: 0,
  };
  run.persons.set(entry, id);
  const generalPractitioner = Array.isArray(resource.generalPractitioner)
    ? resource.generalPractitioner
    : [];
  for (const [index, reference] of generalPractitioner.entries()) {
    const path = `generalPractitioner[${index}]`;
    const target = run.deps.references.resolve(reference, entry);
    if (target.kind === 'resolved' && target.entry.resourceType === 'Organization') {
      row.care_site_id ??= run.foreignKey(
        entry,
        reference,
        path,
        ['Organization'],
        run.careSites,
        at,
      );
    } else row.provider_id ??= run.providerKey(entry, reference, path, at);
  }
  row.care_site_id ??= run.foreignKey(
    entry,
    resource.managingOrganization,
    'managingOrganization',
    ['Organization'],
    run.careSites,
    at,
  );
  run.tables.person.push(row);
  run.reportOne(run.place(entry, 'person', 'gender_concept_id', id), sex.resolution, ['Gender']);
  if (raceOf.resolution)
    run.reportOne(run.place(entry, 'person', 'race_concept_id', id), raceOf.resolution, ['Race']);
  if (ethnicityOf.resolution) {
    run.reportOne(run.place(entry, 'person', 'ethnicity_concept_id', id), ethnicityOf.resolution, [
      'Ethnicity',
    ]);
  }
  const death = parseFhirMoment(resource.deceasedDateTime);
  if (death) {
    run.tables.death.push({
      person_id: id,
      death_date: death.date,
      death_datetime: death.datetime,
      death_type_concept_id: TypeConcept.EHR,
      cause_concept_id: 0,
      cause_source_value: null,
      cause_source_concept_id: 0,
    });
    run.observe(id, death.date);
  }
}
