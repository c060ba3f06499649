import { child } from '../fhir/json.js';
import type { InputEntry } from '../input/read-fhir-input.js';
import type { MappingRun } from '../mapping/mapping-run.js';
import { locationRow } from './address-location.js';

/** Location → location: a facility's full address and position. */
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
}
