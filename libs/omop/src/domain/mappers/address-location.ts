import { child, decimal, text, texts, type JsonObject } from '../fhir/json.js';
import { countryConcept, stateCode } from '../fhir/us-states.js';
import type { InputEntry } from '../input/read-fhir-input.js';
import { fit } from '../mapping/fit.js';
import type { MappingRun } from '../mapping/mapping-run.js';
import type { LocationRow } from '../model/omop-rows.js';

export type AddressDetail = 'full' | 'deidentified';

function digits(postalCode: string | undefined, keep: number): string | null {
  const only = postalCode?.replace(/[^0-9A-Za-z]/g, '');
  return only ? only.slice(0, keep) : null;
}

/**
 * A location row from a FHIR Address. A patient's home is written de-identified (IG
 * f2o-022: no address lines, city, county or coordinates; the first three digits of the
 * ZIP code, as HIPAA Safe Harbor allows); facilities keep their full address.
 */
export function locationRow(
  id: number,
  address: JsonObject,
  sourceValue: string,
  detail: AddressDetail,
  position?: JsonObject,
): LocationRow {
  const full = detail === 'full';
  const lines = texts(address.line);
  const country = text(address.country);
  return {
    location_id: id,
    address_1: full ? fit(lines[0], 50) : null,
    address_2: full && lines.length > 1 ? fit(lines.slice(1).join(', '), 50) : null,
    city: full ? fit(text(address.city), 50) : null,
    state: stateCode(text(address.state)) ?? null,
    zip: digits(text(address.postalCode), full ? 9 : 3),
    county: full ? fit(text(address.district), 20) : null,
    location_source_value: fit(sourceValue, 50),
    country_concept_id: countryConcept(country),
    country_source_value: fit(country, 80),
    latitude: full ? (decimal(position?.latitude) ?? null) : null,
    longitude: full ? (decimal(position?.longitude) ?? null) : null,
  };
}

/** A location for the first address of a resource; its key is the resource's key + `#address`. */
export async function addressLocation(
  run: MappingRun,
  entry: InputEntry,
  value: unknown,
  detail: AddressDetail,
): Promise<number | null> {
  const address = Array.isArray(value)
    ? value.map(child).find((item) => item !== undefined)
    : child(value);
  if (!address) return null;
  const key = `${entry.key}#address`;
  const id = await run.id('location', key);
  run.tables.location.push(locationRow(id, address, key, detail));
  return id;
}
