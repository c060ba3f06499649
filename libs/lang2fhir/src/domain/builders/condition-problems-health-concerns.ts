import type { Builder } from '../build-input.js';
import { buildCondition } from './condition.js';

/** US Core Condition Problems and Health Concerns: the first problem the text states. */
export const buildProblemCondition: Builder = (input) => buildCondition(input, 'problem-list-item');
