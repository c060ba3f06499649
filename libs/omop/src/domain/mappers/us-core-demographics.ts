import { child, children, text, type JsonObject } from '../fhir/json.js';
import type { CodeResolution } from '../vocabulary/code-resolver.js';
import type { ConceptSource } from '../vocabulary/concept-source.js';
import { resolveFixed } from '../vocabulary/fixed-resolver.js';
import {
  CDC_RACE_ETHNICITY_SYSTEM,
  RACE,
  ethnicityConcept,
} from '../vocabulary/hl7-concept-maps.js';

const RACE_URL = 'http://hl7.org/fhir/us/core/StructureDefinition/us-core-race';
const ETHNICITY_URL = 'http://hl7.org/fhir/us/core/StructureDefinition/us-core-ethnicity';
export const BIRTH_SEX_URL = 'http://hl7.org/fhir/us/core/StructureDefinition/us-core-birthsex';

export interface Demographic {
  resolution?: CodeResolution;
  conceptId: number;
  sourceValue?: string;
}

function extension(resource: JsonObject, url: string): JsonObject | undefined {
  return children(resource.extension).find((item) => item.url === url);
}

function codings(parent: JsonObject, part: string): JsonObject[] {
  return children(parent.extension)
    .filter((item) => item.url === part)
    .map((item) => child(item.valueCoding))
    .filter((coding): coding is JsonObject => coding !== undefined);
}

/**
 * US Core race or ethnicity extension → one OMOP concept. A detailed code is used when it
 * is the only one and OMOP has a concept for it, else the OMB category; more than one OMB
 * category has no single OMOP concept and gives 0 (the mapping says why).
 */
async function demographic(
  resource: JsonObject,
  url: string,
  conceptFor: (code: string) => number | undefined,
  source: string,
  concepts: ConceptSource,
): Promise<Demographic> {
  const found = extension(resource, url);
  if (!found) return { conceptId: 0 };
  const categories = codings(found, 'ombCategory');
  const detailed = codings(found, 'detailed');
  const label = text(children(found.extension).find((item) => item.url === 'text')?.valueString);
  const pick =
    detailed.length === 1 &&
    conceptFor(text(detailed[0].code) ?? '') !== undefined &&
    categories.length <= 1
      ? detailed[0]
      : (categories[0] ?? detailed[0]);
  if (!pick) return { conceptId: 0, sourceValue: label };
  const code = text(pick.code);
  const coding = {
    system: text(pick.system) ?? CDC_RACE_ETHNICITY_SYSTEM,
    code,
    display: text(pick.display),
    index: 0,
  };
  if (categories.length > 1) {
    const resolution: CodeResolution = {
      coding,
      targets: [],
      mappingStatus: 'UNMAPPED',
      status: 'UNRESOLVED',
      reason: 'UNSUPPORTED_CODE',
      paths: [],
      truncated: false,
      note: `${categories.length} OMB categories given; OMOP holds one, so 0 is written`,
    };
    return { resolution, conceptId: 0, sourceValue: label ?? code };
  }
  const resolution = await resolveFixed(
    coding,
    code === undefined ? undefined : conceptFor(code),
    source,
    concepts,
  );
  return {
    resolution,
    conceptId: resolution.targets[0]?.conceptId ?? 0,
    sourceValue: code ?? label,
  };
}

export function race(resource: JsonObject, concepts: ConceptSource): Promise<Demographic> {
  return demographic(resource, RACE_URL, (code) => RACE.concepts[code], RACE.source, concepts);
}

export function ethnicity(resource: JsonObject, concepts: ConceptSource): Promise<Demographic> {
  return demographic(
    resource,
    ETHNICITY_URL,
    ethnicityConcept,
    'CDC Race & Ethnicity → OMOP Ethnicity (NACHC)',
    concepts,
  );
}

export function birthSex(resource: JsonObject): string | undefined {
  return text(extension(resource, BIRTH_SEX_URL)?.valueCode);
}
