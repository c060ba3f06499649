export type ContextCategory = 'negated' | 'possible' | 'historical' | 'hypothetical' | 'family';

/**
 * forward: applies to what follows; backward: to what precedes; terminate: ends the scope of
 * the category's triggers; pseudo: looks like a trigger but is not one ("no change", "not
 * only"), so it is consumed and does nothing.
 */
export type TriggerDirection = 'forward' | 'backward' | 'terminate' | 'pseudo';

export interface TriggerRule {
  category: ContextCategory;
  direction: TriggerDirection;
  /** The phrase as word tokens, lower case. */
  words: string[];
}

/** Terminations that end the scope of every category ("but", "however", …). */
export const ALL_CATEGORIES: readonly ContextCategory[] = [
  'negated',
  'possible',
  'historical',
  'hypothetical',
  'family',
];
