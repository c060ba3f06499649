/** `clinicalStatus` → `clinical status`, `dosageInstruction` → `dosage instruction`. */
export function elementLabel(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase();
}
