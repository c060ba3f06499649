import { parseFhirMoment } from '../fhir/fhir-date.js';
import { displayName } from '../fhir/human-name.js';
import { children, text } from '../fhir/json.js';
import type { InputEntry } from '../input/read-fhir-input.js';
import { fit } from '../mapping/fit.js';
import type { MappingRun } from '../mapping/mapping-run.js';
import type { ProviderRow } from '../model/omop-rows.js';
import { ADMINISTRATIVE_GENDER_SYSTEM, GENDER } from '../vocabulary/hl7-concept-maps.js';
import { fillSpecialty } from './specialty.js';

const NPI_SYSTEM = 'http://hl7.org/fhir/sid/us-npi';

function identifierValue(
  resource: Record<string, unknown>,
  matches: (system: string) => boolean,
): string | undefined {
  for (const identifier of children(resource.identifier)) {
    const system = text(identifier.system);
    if (system && matches(system)) return text(identifier.value);
  }
  return undefined;
}

/**
 * Practitioner → provider: name, NPI, DEA, gender, year of birth, and a specialty from
 * its qualifications; a PractitionerRole's specialty replaces it.
 */
export async function mapPractitioner(run: MappingRun, entry: InputEntry): Promise<void> {
  const resource = entry.resource;
  const id = await run.id('provider', entry.key);
  const genderCode = text(resource.gender);
  let genderConceptId = 0;
  if (genderCode !== undefined) {
    const gender = await run.fixed(
      { system: ADMINISTRATIVE_GENDER_SYSTEM, code: genderCode, index: 0 },
      GENDER.concepts[genderCode],
      GENDER.source,
    );
    genderConceptId = gender.targets[0]?.conceptId ?? 0;
    run.reportOne(run.place(entry, 'provider', 'gender_concept_id', id), gender, ['Gender']);
  }
  const row: ProviderRow = {
    provider_id: id,
    provider_name: fit(displayName(resource.name), 255),
    npi: fit(
      identifierValue(resource, (system) => system === NPI_SYSTEM),
      20,
    ),
    dea: fit(
      identifierValue(resource, (system) => /dea/i.test(system)),
      20,
    ),
    specialty_concept_id: 0,
    care_site_id: null,
    year_of_birth: Number(parseFhirMoment(resource.birthDate)?.date.slice(0, 4)) || null,
    gender_concept_id: genderConceptId,
    provider_source_value: fit(run.resourceId(entry), 50),
    specialty_source_value: null,
    specialty_source_concept_id: 0,
    gender_source_value: fit(genderCode, 50),
    gender_source_concept_id: 0,
  };
  await fillSpecialty(
    run,
    entry,
    row,
    children(resource.qualification).map((qualification) => qualification.code),
  );
  run.tables.provider.push(row);
  run.providerRows.set(id, row);
  run.providers.set(entry, id);
}
