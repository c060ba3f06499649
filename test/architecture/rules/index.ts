import { noAmbientTenant } from './no-ambient-tenant.rule.js';
import { noForeignBusDispatch } from './no-foreign-bus-dispatch.rule.js';
import { noHttpInCore } from './no-http-in-core.rule.js';
import type { ArchitectureRule } from './rule.js';
import { useCaseFolderShape } from './use-case-folder-shape.rule.js';

export type { ArchitectureRule, Violation } from './rule.js';
export { violationLine } from './rule.js';

export const ARCHITECTURE_RULES: readonly ArchitectureRule[] = [
  noHttpInCore,
  noAmbientTenant,
  noForeignBusDispatch,
  useCaseFolderShape,
];
