import { child, children, text } from '../fhir/json.js';
import type { InputEntry } from '../input/read-fhir-input.js';
import { fit } from '../mapping/fit.js';
import type { MappingRun } from '../mapping/mapping-run.js';
import { addressLocation } from './address-location.js';

/**
 * Organization → care_site, with its address as a location. Organization.type (HL7
 * organization-type) is no place of service, so place_of_service_concept_id stays null and
 * the type code is kept as place_of_service_source_value.
 */
export async function mapOrganization(run: MappingRun, entry: InputEntry): Promise<void> {
  const resource = entry.resource;
  const id = await run.id('care_site', entry.key);
  const type = children(child(children(resource.type)[0])?.coding)[0];
  run.tables.care_site.push({
    care_site_id: id,
    care_site_name: fit(text(resource.name), 255),
    place_of_service_concept_id: null,
    location_id: await addressLocation(run, entry, resource.address, 'full'),
    care_site_source_value: fit(run.resourceId(entry), 50),
    place_of_service_source_value: fit(text(type?.code), 50),
  });
  run.careSites.set(entry, id);
}
