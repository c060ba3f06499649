import { child, children, text, type JsonObject } from '../fhir/json.js';
import type { InputEntry } from '../input/read-fhir-input.js';
import type { MappingRun } from '../mapping/mapping-run.js';
import type { CodeResolution } from '../vocabulary/code-resolver.js';
import { ACT_CODE_SYSTEMS, ENCOUNTER_CLASS } from '../vocabulary/hl7-concept-maps.js';
import { ENCOUNTER_TYPE_VISIT } from '../vocabulary/ohdsi-conventions.js';
import { placeOfService } from './place-of-service.js';

const SNOMED = 'http://snomed.info/sct';
/** Classes that name a care setting precisely; the others (AMB, IMP, HH, …) may be refined. */
const SPECIFIC_CLASSES = ['EMER', 'VR', 'OBSENC'];

export interface VisitSetting {
  resolution: CodeResolution;
  conceptId: number;
  sourceValue?: string;
}

function setting(resolution: CodeResolution): VisitSetting {
  return {
    resolution,
    conceptId: resolution.targets[0]?.conceptId ?? 0,
    sourceValue: resolution.coding.code,
  };
}

/** A care setting named by Encounter.type or serviceType (SNOMED), else undefined. */
async function fromType(run: MappingRun, resource: JsonObject): Promise<VisitSetting | undefined> {
  const concepts = [...children(resource.type), ...children(resource.serviceType)];
  for (const concept of concepts) {
    for (const [index, coding] of children(concept.coding).entries()) {
      const code = text(coding.code);
      if (text(coding.system) !== SNOMED || code === undefined) continue;
      const conceptId = ENCOUNTER_TYPE_VISIT.concepts[code];
      if (conceptId === undefined) continue;
      const resolution = await run.fixed(
        { system: SNOMED, code, display: text(coding.display), index },
        conceptId,
        ENCOUNTER_TYPE_VISIT.source,
      );
      return setting(resolution);
    }
  }
  return undefined;
}

/** The place of service of the encounter's first Location, when its type names one. */
async function fromLocation(run: MappingRun, entry: InputEntry): Promise<VisitSetting | undefined> {
  for (const [index, item] of children(entry.resource.location).entries()) {
    const location = run.follow(entry, item.location, `location[${index}].location`, ['Location']);
    if (!location) continue;
    const found = await placeOfService(run, location.resource.type);
    if (found && found.conceptId !== 0) return setting(found.resolution);
  }
  return undefined;
}

/**
 * The visit concept of an Encounter. A class that names the setting precisely (EMER, VR,
 * OBSENC) decides; a coarse one (AMB, IMP, HH, …, or none) is refined by Encounter.type or
 * serviceType, then by the place of service of its Location; else the class decides
 * (IG ConceptMap EncounterClass, plus the other v3 ActEncounterCode values).
 */
export async function visitSetting(run: MappingRun, entry: InputEntry): Promise<VisitSetting> {
  const encounterClass = child(entry.resource.class) ?? {};
  const classCode = text(encounterClass.code);
  const classSystem = text(encounterClass.system);
  const known = classSystem === undefined || ACT_CODE_SYSTEMS.includes(classSystem);
  const byClass = await run.fixed(
    { system: classSystem, code: classCode, display: text(encounterClass.display), index: 0 },
    known && classCode !== undefined ? ENCOUNTER_CLASS.concepts[classCode] : undefined,
    ENCOUNTER_CLASS.source,
  );
  if (known && classCode !== undefined && SPECIFIC_CLASSES.includes(classCode))
    return setting(byClass);
  const refined = (await fromType(run, entry.resource)) ?? (await fromLocation(run, entry));
  if (refined) return { ...refined, sourceValue: classCode ?? refined.sourceValue };
  return setting(byClass);
}
