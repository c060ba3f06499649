import { PLANS, type Plan } from '@app/shared';

/** Plans are ordered: a paid account may do everything a free one may. */
export function planAllows(actual: Plan, required: Plan): boolean {
  return PLANS.indexOf(actual) >= PLANS.indexOf(required);
}
