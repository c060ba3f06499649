import { children, text } from '../fhir/json.js';
import type { MappingRun } from '../mapping/mapping-run.js';
import type { CodeResolution } from '../vocabulary/code-resolver.js';
import {
  CMS_POS_SYSTEMS,
  ROLE_CODE_SYSTEMS,
  SERVICE_DELIVERY_LOCATION,
} from '../vocabulary/ohdsi-conventions.js';

const CMS_POS_VOCABULARY = 'CMS Place of Service';
const SNOMED = 'http://snomed.info/sct';

export interface PlaceOfService {
  resolution: CodeResolution;
  conceptId: number;
  sourceValue: string;
}

/** A standard Visit-domain concept for the code in the vocabulary, directly or by `Maps to`. */
async function visitConcept(
  run: MappingRun,
  vocabularyId: string,
  code: string,
): Promise<number | undefined> {
  const { concepts } = run.deps;
  for (const concept of await concepts.conceptsByCode(vocabularyId, code)) {
    if (concept.invalidReason) continue;
    if (concept.standardConcept === 'S' && concept.domainId === 'Visit') return concept.conceptId;
    const target = (await concepts.standardTargets(concept.conceptId)).find(
      (candidate) => candidate.domainId === 'Visit',
    );
    if (target) return target.conceptId;
  }
  return undefined;
}

/**
 * The CMS place of service a Location.type or Organization.type names: a CMS POS or
 * SNOMED coding through the vocabulary, a v3 ServiceDeliveryLocationRoleType code through
 * the fixed table. Undefined when no coding names a place of service.
 */
export async function placeOfService(
  run: MappingRun,
  types: unknown,
): Promise<PlaceOfService | undefined> {
  for (const concept of children(types)) {
    for (const [index, coding] of children(concept.coding).entries()) {
      const system = text(coding.system);
      const code = text(coding.code);
      if (system === undefined || code === undefined) continue;
      const source = { system, code, display: text(coding.display), index };
      let conceptId: number | undefined;
      let table: string;
      if (CMS_POS_SYSTEMS.includes(system)) {
        conceptId = await visitConcept(run, CMS_POS_VOCABULARY, code);
        table = CMS_POS_VOCABULARY;
      } else if (system === SNOMED) {
        conceptId = await visitConcept(run, 'SNOMED', code);
        table = 'SNOMED, Visit domain';
      } else if (ROLE_CODE_SYSTEMS.includes(system)) {
        conceptId = SERVICE_DELIVERY_LOCATION.concepts[code];
        table = SERVICE_DELIVERY_LOCATION.source;
      } else continue;
      if (conceptId === undefined) continue;
      const resolution = await run.fixed(source, conceptId, table);
      return { resolution, conceptId: resolution.targets[0]?.conceptId ?? 0, sourceValue: code };
    }
  }
  return undefined;
}
