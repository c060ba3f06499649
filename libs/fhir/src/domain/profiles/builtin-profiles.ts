import { getResourceTypes } from '@medplum/core';

/**
 * Ids a custom profile may not take: the US Core profiles (`us-core-…`) the text engine
 * builds against, and the R4 base resource StructureDefinitions (`patient`, `medicationrequest`…).
 */
export function isBuiltinProfileId(id: string): boolean {
  const lower = id.toLowerCase();
  if (lower.startsWith('us-core-')) return true;
  return getResourceTypes().some((type) => type.toLowerCase() === lower);
}
