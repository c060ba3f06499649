import type { Plan } from '@app/shared';

export const PLANS: readonly Plan[] = ['free', 'paid'];

export function isPlan(value: unknown): value is Plan {
  return typeof value === 'string' && (PLANS as readonly string[]).includes(value);
}

/** Plans are ordered: a paid account may do everything a free one may. */
export function planAllows(actual: Plan, required: Plan): boolean {
  return PLANS.indexOf(actual) >= PLANS.indexOf(required);
}
