import type { Builder } from '../build-input.js';
import { buildCondition } from './condition.js';

/** US Core Condition Encounter Diagnosis: the first problem the text states, as a diagnosis of the visit. */
export const buildEncounterDiagnosis: Builder = (input) =>
  buildCondition(input, 'encounter-diagnosis');
