import { END_OF_WORKFLOW, type DecisionPaths, type WorkflowStep } from '../workflow.js';

export type Outcome = 'true' | 'false' | 'default';

/**
 * The steps a decision's outcome leaves out. The steps between a decision and its
 * `default` step are its two branches, each running from its first step (`paths.true`,
 * `paths.false`) to where the other begins or the branches end; the outcome keeps its own
 * branch and leaves out the rest (`default`, an undecidable condition, leaves out both).
 */
export function stepsLeftOut(
  steps: WorkflowStep[],
  decisionIndex: number,
  paths: DecisionPaths,
  outcome: Outcome,
): string[] {
  const indexOf = (id: string): number => {
    if (id === END_OF_WORKFLOW) return steps.length;
    const index = steps.findIndex((step) => step.id === id);
    if (index <= decisionIndex)
      throw new Error(
        `decision ${steps[decisionIndex].id} points at ${id}, which does not come after it`,
      );
    return index;
  };
  const end = indexOf(paths.default);
  const starts = { true: indexOf(paths.true), false: indexOf(paths.false) };
  const boundaries = [...new Set([starts.true, starts.false, end])].sort((a, b) => a - b);
  const kept = new Set<number>();
  if (outcome !== 'default') {
    const start = starts[outcome];
    const stop = boundaries.find((boundary) => boundary > start) ?? end;
    for (let index = start; index < Math.min(stop, end); index++) kept.add(index);
  }
  const leftOut: string[] = [];
  for (let index = decisionIndex + 1; index < end; index++) {
    if (!kept.has(index)) leftOut.push(steps[index].id);
  }
  return leftOut;
}
