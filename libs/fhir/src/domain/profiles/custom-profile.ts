/** A StructureDefinition an account uploaded, with what is derived from it. */
export interface CustomProfile {
  /** The lowercase StructureDefinition id: the lookup key, and the `resource` of lang2fhir. */
  id: string;
  url: string;
  resourceType: string;
  version?: string;
  fhirVersion?: string;
  implementationGuide: string;
  structureDefinition: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
}

/** An implementation guide: a name grouping profiles, with optional stored metadata. */
export interface ImplementationGuide {
  name: string;
  profileContext?: string;
  profileIds: string[];
  /** Present only when metadata (a profile context) is stored. */
  createdAt?: Date;
  updatedAt?: Date;
}

export const DEFAULT_GUIDE = 'custom';
/** Reserved for the built-in US Core profiles the text engine uses. */
export const RESERVED_GUIDE = 'us_core';
export const MAX_PROFILE_CONTEXT = 2000;
