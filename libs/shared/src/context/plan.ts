export type Plan = 'free' | 'paid';

/** The plans, cheapest first (auth's planAllows relies on the order). */
export const PLANS: readonly Plan[] = ['free', 'paid'];

export function isPlan(value: unknown): value is Plan {
  return typeof value === 'string' && (PLANS as readonly string[]).includes(value);
}
