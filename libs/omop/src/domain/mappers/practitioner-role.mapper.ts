import { child, children, flag, text, type JsonObject } from '../fhir/json.js';
import type { InputEntry } from '../input/read-fhir-input.js';
import { fit } from '../mapping/fit.js';
import type { MappingRun, RowPlace } from '../mapping/mapping-run.js';
import type { ProviderRow } from '../model/omop-rows.js';
import type { CodedSource, IdentifierValue, ProviderRoleContext } from '../model/mapping-report.js';
import { fillSpecialty } from './specialty.js';

function codedSources(value: unknown): CodedSource[] {
  return children(value).map((concept) => {
    const codings = children(concept.coding).map((coding) => ({
      ...(text(coding.system) ? { system: text(coding.system) } : {}),
      ...(text(coding.code) ? { code: text(coding.code) } : {}),
      ...(text(coding.display) ? { display: text(coding.display) } : {}),
    }));
    const sourceValue = codings[0]?.code ?? text(concept.text);
    return { ...(sourceValue ? { source_value: sourceValue } : {}), codings };
  });
}

function identifierOf(reference: JsonObject | undefined): IdentifierValue | undefined {
  const identifier = child(reference?.identifier);
  const value = text(identifier?.value);
  if (!value) return undefined;
  const system = text(identifier?.system);
  return system ? { system, value } : { value };
}

/** Provider rows whose specialty a PractitionerRole gave: the first role's wins over qualifications. */
const roleSpecialty = new WeakSet<ProviderRow>();

async function providerFor(run: MappingRun, entry: InputEntry): Promise<number> {
  const practitioner = run.follow(entry, entry.resource.practitioner, 'practitioner', [
    'Practitioner',
  ]);
  const existing = practitioner ? run.providers.get(practitioner) : undefined;
  if (existing !== undefined) return existing;
  // The practitioner is not in the request: the role stands for the provider on its own.
  const id = await run.id('provider', entry.key);
  const row = {
    provider_id: id,
    provider_name: fit(text(child(entry.resource.practitioner)?.display), 255),
    npi: null,
    dea: null,
    specialty_concept_id: 0,
    care_site_id: null,
    year_of_birth: null,
    gender_concept_id: 0,
    provider_source_value: fit(run.resourceId(entry), 50),
    specialty_source_value: null,
    specialty_source_concept_id: 0,
    gender_source_value: null,
    gender_source_concept_id: 0,
  };
  run.tables.provider.push(row);
  run.providerRows.set(id, row);
  return id;
}

/**
 * PractitionerRole → completes its practitioner's provider row (first specialty, care
 * site) and adds a provider_role_context with everything OMOP has no column for.
 */
export async function mapPractitionerRole(run: MappingRun, entry: InputEntry): Promise<void> {
  const resource = entry.resource;
  const providerId = await providerFor(run, entry);
  run.providers.set(entry, providerId);
  const row = run.providerRows.get(providerId)!;
  const at: RowPlace = { table: 'provider', id: providerId };
  const careSiteId = run.foreignKey(
    entry,
    resource.organization,
    'organization',
    ['Organization'],
    run.careSites,
    at,
  );
  row.care_site_id ??= careSiteId;
  if (!roleSpecialty.has(row) && children(resource.specialty).length > 0) {
    roleSpecialty.add(row);
    await fillSpecialty(run, entry, row, children(resource.specialty));
  }
  const practitioner = child(resource.practitioner);
  const period = child(resource.period);
  const organization = child(resource.organization);
  const roleCodes = codedSources(resource.code);
  const specialties = codedSources(resource.specialty);
  const practitionerIdentifier = identifierOf(practitioner);
  const context: ProviderRoleContext = {
    provider_id: providerId,
    ...(roleCodes[0]?.source_value ? { role_source_value: roleCodes[0].source_value } : {}),
    ...(text(practitioner?.reference)
      ? { practitioner_reference: text(practitioner?.reference) }
      : {}),
    ...(practitionerIdentifier ? { practitioner_identifier: practitionerIdentifier } : {}),
    ...(roleCodes.length > 0 ? { role_codes: roleCodes } : {}),
    ...(specialties.length > 0 ? { specialties } : {}),
    ...(organization
      ? {
          care_sites: [
            {
              path: 'organization',
              reference:
                text(organization.reference) ??
                `identifier=${identifierOf(organization)?.system ?? ''}|${identifierOf(organization)?.value ?? ''}`,
              ...(careSiteId !== null ? { care_site_id: careSiteId } : {}),
            },
          ],
        }
      : {}),
    ...(flag(resource.active) !== undefined ? { active: flag(resource.active) } : {}),
    ...(text(period?.start) ? { period_start: text(period?.start) } : {}),
    ...(text(period?.end) ? { period_end: text(period?.end) } : {}),
  };
  run.providerRoleContexts.push(context);
}
