import { getResourceTypes } from '@medplum/core';
import { loadFhirDefinitions } from '../fhir-definitions.js';

/**
 * Ids a custom profile may not take: the US Core profiles (`us-core-…`) the text engine
 * builds against, and the R4 base resource StructureDefinitions (`patient`, `medicationrequest`…).
 */
export function isBuiltinProfileId(id: string): boolean {
  const lower = id.toLowerCase();
  if (lower.startsWith('us-core-')) return true;
  loadFhirDefinitions();
  return getResourceTypes().some((type) => type.toLowerCase() === lower);
}

/** A profile the text engine builds against without any upload (read-only for callers). */
export interface BuiltinProfile {
  /** The lowercase StructureDefinition id, e.g. `us-core-patient`. */
  id: string;
  url: string;
  resourceType: string;
  version: string;
  implementationGuide: string;
  /** The elements the engine always fills for this profile (`name[x]` for a choice). */
  requiredElements: readonly string[];
}

/**
 * What the engine enforces for a built-in profile, as a StructureDefinition: a constraint on
 * the base type whose differential makes the required elements 1..*. It is not the published
 * US Core package (not shipped with the service), and says so in its description.
 */
export function builtinStructureDefinition(profile: BuiltinProfile): Record<string, unknown> {
  return {
    resourceType: 'StructureDefinition',
    id: profile.id,
    url: profile.url,
    version: profile.version,
    name: profile.id.replace(/(^|-)(\w)/g, (_match, _dash, letter: string) => letter.toUpperCase()),
    status: 'active',
    description:
      'The elements the text engine fills for this built-in profile; the full profile is the one published at its url.',
    fhirVersion: '4.0.1',
    kind: 'resource',
    abstract: false,
    type: profile.resourceType,
    baseDefinition: `http://hl7.org/fhir/StructureDefinition/${profile.resourceType}`,
    derivation: 'constraint',
    differential: {
      element: profile.requiredElements.map((element) => ({
        id: `${profile.resourceType}.${element}`,
        path: `${profile.resourceType}.${element}`,
        min: 1,
      })),
    },
  };
}
