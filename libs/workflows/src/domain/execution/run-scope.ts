import { evaluate, parseExpression, type EvaluationScope } from '../expression/expression.js';
import type { PlaceholderSources } from '../workflow.js';
import { dig } from './dig.js';
import type { StepReport } from './run-types.js';

/**
 * The values a step can read: `input.<field>` (given the type the field has in the sample
 * data: "250" becomes 250 when the sample held a number) and `step_<n>.result.<field>`
 * of steps that ran. Placeholders resolve through the step's `runtime_placeholders`.
 */
export class RunScope implements EvaluationScope {
  constructor(
    private readonly input: Record<string, unknown>,
    private readonly sampleData: Record<string, unknown>,
    private readonly reports: Record<string, StepReport>,
    private readonly sources: PlaceholderSources = {},
  ) {}

  withSources(sources: PlaceholderSources): RunScope {
    return new RunScope(this.input, this.sampleData, this.reports, sources);
  }

  path(segments: readonly (string | number)[]): unknown {
    const [root, ...rest] = segments;
    if (root === 'input') {
      const [field, ...inner] = rest;
      if (typeof field !== 'string') return undefined;
      return dig(this.inputValue(field), inner);
    }
    if (typeof root === 'string' && /^step_\d+$/.test(root) && rest[0] === 'result') {
      const report = this.reports[root];
      if (!report || (report.status !== 'completed' && report.status !== 'preview'))
        return undefined;
      return dig(report, rest.slice(1));
    }
    return undefined;
  }

  placeholder(name: string): unknown {
    const source = this.sources[name];
    if (source === undefined) return undefined;
    return evaluate(parseExpression(source), {
      path: (segments) => this.path(segments),
      placeholder: () => undefined,
    });
  }

  inputValue(field: string): unknown {
    if (!Object.hasOwn(this.input, field)) return undefined;
    const value = this.input[field];
    const sample = this.sampleData[field];
    if (
      typeof value === 'string' &&
      typeof sample === 'number' &&
      /^\s*-?\d+(\.\d+)?\s*$/.test(value)
    ) {
      return Number(value);
    }
    if (
      typeof value === 'string' &&
      typeof sample === 'boolean' &&
      /^(true|false)$/i.test(value.trim())
    ) {
      return value.trim().toLowerCase() === 'true';
    }
    if (typeof value === 'number' && typeof sample === 'string') return String(value);
    if (typeof value === 'string' && value.trim() === '') return undefined;
    return value;
  }
}
