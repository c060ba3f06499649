import r4 from 'fhirpath/fhir-context/r4';

function isResourceDescendant(type: string): boolean {
  let current: string | undefined = r4.type2Parent[type];
  while (current !== undefined) {
    if (current === 'Resource') return true;
    current = r4.type2Parent[current];
  }
  return false;
}

/** Every FHIR R4 resource type, read from the R4 model that FHIRPath evaluates against. */
export const R4_RESOURCE_TYPES: ReadonlySet<string> = new Set(
  Object.keys(r4.type2Parent).filter(
    (type) => type !== 'DomainResource' && isResourceDescendant(type),
  ),
);

export function isResourceType(name: string): boolean {
  return R4_RESOURCE_TYPES.has(name);
}
