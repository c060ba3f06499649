import { child, text } from '../fhir/json.js';
import type { InputEntry } from '../input/read-fhir-input.js';
import { fit } from '../mapping/fit.js';
import type { MappingRun } from '../mapping/mapping-run.js';
import { locationRow } from './address-location.js';
import { firstTypeCode } from './organization.mapper.js';
import { placeOfService } from './place-of-service.js';

/**
 * Location → location (a facility's full address and position) and a care_site at that
 * location: the place where care is given, its type read as a CMS place of service.
 */
export async function mapLocation(run: MappingRun, entry: InputEntry): Promise<void> {
  const id = await run.id('location', entry.key);
  const resource = entry.resource;
  run.tables.location.push(
    locationRow(
      id,
      child(resource.address) ?? {},
      run.resourceId(entry),
      'full',
      child(resource.position),
    ),
  );
  run.locations.set(entry, id);
  const careSiteId = await run.id('care_site', entry.key);
  const place = await placeOfService(run, resource.type);
  run.tables.care_site.push({
    care_site_id: careSiteId,
    care_site_name: fit(text(resource.name), 255),
    place_of_service_concept_id: place?.conceptId ?? 0,
    location_id: id,
    care_site_source_value: fit(run.resourceId(entry), 50),
    place_of_service_source_value: fit(place?.sourceValue ?? firstTypeCode(resource.type), 50),
  });
  if (place)
    run.reportOne(
      run.place(entry, 'care_site', 'place_of_service_concept_id', careSiteId),
      place.resolution,
      ['Visit'],
    );
  run.careSites.set(entry, careSiteId);
}
