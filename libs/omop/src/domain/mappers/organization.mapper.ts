import { text } from '../fhir/json.js';
import type { InputEntry } from '../input/read-fhir-input.js';
import { fit } from '../mapping/fit.js';
import type { MappingRun } from '../mapping/mapping-run.js';
import { addressLocation } from './address-location.js';
import { placeOfService } from './place-of-service.js';

/**
 * Organization → care_site, with its address as a location. Organization.type is mostly
 * HL7 organization-type (prov, dept, …), which names no place of service: 0 then, with the
 * code kept as place_of_service_source_value; a type coded as a CMS place of service, a
 * SNOMED setting or a v3 service delivery location gives the concept.
 */
export async function mapOrganization(run: MappingRun, entry: InputEntry): Promise<void> {
  const resource = entry.resource;
  const id = await run.id('care_site', entry.key);
  const place = await placeOfService(run, resource.type);
  run.tables.care_site.push({
    care_site_id: id,
    care_site_name: fit(text(resource.name), 255),
    place_of_service_concept_id: place?.conceptId ?? 0,
    location_id: await addressLocation(run, entry, resource.address, 'full'),
    care_site_source_value: fit(run.resourceId(entry), 50),
    place_of_service_source_value: fit(place?.sourceValue ?? firstTypeCode(resource.type), 50),
  });
  if (place)
    run.reportOne(
      run.place(entry, 'care_site', 'place_of_service_concept_id', id),
      place.resolution,
      ['Visit'],
    );
  run.careSites.set(entry, id);
}

export function firstTypeCode(types: unknown): string | undefined {
  const list = Array.isArray(types) ? types : [types];
  for (const concept of list) {
    const codings = (concept as { coding?: unknown } | null)?.coding;
    for (const coding of Array.isArray(codings) ? codings : []) {
      const code = text((coding as { code?: unknown } | null)?.code);
      if (code) return code;
    }
  }
  return undefined;
}
