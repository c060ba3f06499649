import { children, text } from '../fhir/json.js';
import type { InputEntry } from '../input/read-fhir-input.js';
import { fit } from '../mapping/fit.js';
import type { MappingRun } from '../mapping/mapping-run.js';
import type { ProviderRow } from '../model/omop-rows.js';
import { resolveCodeableConcept } from '../vocabulary/resolve-codeable-concept.js';
import { NUCC_SYSTEM, NUCC_TO_MEDICARE_SPECIALTY } from '../vocabulary/ohdsi-conventions.js';

const MEDICARE_SPECIALTY = 'Medicare Specialty';

/**
 * The Medicare Specialty concept of a NUCC code by CMS's crosswalk, for a vocabulary
 * without the NUCC vocabulary (whose `Maps to` would give the same concept).
 */
async function byCrosswalk(
  run: MappingRun,
  concept: unknown,
): Promise<{ conceptId: number; code: string } | undefined> {
  for (const coding of children((concept as { coding?: unknown } | null)?.coding)) {
    const code = text(coding.code);
    if (text(coding.system) !== NUCC_SYSTEM || code === undefined) continue;
    const medicare = NUCC_TO_MEDICARE_SPECIALTY[code];
    if (medicare === undefined) continue;
    for (const candidate of [medicare, medicare.padStart(2, '0')]) {
      const found = (await run.deps.concepts.conceptsByCode(MEDICARE_SPECIALTY, candidate)).find(
        (item) => item.standardConcept === 'S' && !item.invalidReason,
      );
      if (found) return { conceptId: found.conceptId, code };
    }
  }
  return undefined;
}

/**
 * Fills the provider's specialty from the first CodeableConcept that gives one
 * (PractitionerRole.specialty, else Practitioner.qualification.code): its standard
 * Provider concept through `Maps to`, else the NUCC crosswalk, else 0 with the code kept.
 */
export async function fillSpecialty(
  run: MappingRun,
  entry: InputEntry,
  row: ProviderRow,
  concepts: readonly unknown[],
): Promise<void> {
  for (const concept of concepts) {
    const choice = await resolveCodeableConcept(concept, run.deps.codes, run.deps.concepts, [
      'Provider',
    ]);
    if (choice.sourceValue === undefined) continue;
    const standard = choice.standard?.domainId === 'Provider' ? choice.standard : undefined;
    const crosswalk = standard ? undefined : await byCrosswalk(run, concept);
    row.specialty_concept_id = standard?.conceptId ?? crosswalk?.conceptId ?? 0;
    row.specialty_source_concept_id = choice.selected?.source?.conceptId ?? 0;
    row.specialty_source_value = fit(crosswalk?.code ?? choice.sourceValue, 50);
    if (crosswalk) {
      const resolution = await run.fixed(
        { system: NUCC_SYSTEM, code: crosswalk.code, index: 0 },
        crosswalk.conceptId,
        'CMS Medicare Provider/Supplier to Healthcare Provider Taxonomy Crosswalk',
      );
      run.reportOne(
        run.place(entry, 'provider', 'specialty_concept_id', row.provider_id),
        resolution,
        ['Provider'],
      );
    } else {
      run.report(run.place(entry, 'provider', 'specialty_concept_id', row.provider_id), choice, {
        preferredDomains: ['Provider'],
      });
    }
    return;
  }
}
