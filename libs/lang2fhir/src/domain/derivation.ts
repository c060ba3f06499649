import type { TextSpan } from '@app/clinical-nlp';

/** How one element of the built resource was derived from the text. */
export interface ElementDerivation {
  /** FHIRPath-like location in the resource, e.g. `code.coding[0]`. */
  path: string;
  /** Character offsets [start, end) in the input text, and the covered text. */
  start: number;
  end: number;
  text: string;
  /** How it was derived, e.g. `vocabulary:SNOMED`, `pattern:blood-pressure`. */
  method: string;
}

/** Collects the derivations of one resource while it is built. */
export class Derivations {
  private readonly items: ElementDerivation[] = [];

  record(path: string, span: TextSpan | undefined, method: string): void {
    if (!span) return;
    this.items.push({ path, start: span.start, end: span.end, text: span.text, method });
  }

  /** Elements set without a span of their own (defaults, the clock): recorded with an empty span. */
  recordDefault(path: string, method: string): void {
    this.items.push({ path, start: 0, end: 0, text: '', method });
  }

  /** Codings found beside the one put in the resource, kept here rather than as extra codings. */
  recordAlternatives(
    path: string,
    span: TextSpan,
    codings: { system: string; code: string }[],
    chosen: { system: string; code: string } | undefined,
  ): void {
    for (const alternative of codings)
      if (alternative !== chosen)
        this.record(path, span, `alternative:${alternative.system}|${alternative.code}`);
  }

  list(): ElementDerivation[] {
    return [...this.items].sort((a, b) => a.start - b.start || a.path.localeCompare(b.path));
  }
}
