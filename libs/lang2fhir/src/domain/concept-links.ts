import type { LinkedConcept, TextSpan } from '@app/clinical-nlp';

function keyOf(span: Pick<TextSpan, 'start' | 'end'>): string {
  return `${span.start}:${span.end}`;
}

/** The codes found for phrases and medication mentions, looked up by their span. */
export class ConceptLinks {
  private readonly bySpan = new Map<string, LinkedConcept>();

  static of(entries: [Pick<TextSpan, 'start' | 'end'>, LinkedConcept | null][]): ConceptLinks {
    const links = new ConceptLinks();
    for (const [span, concept] of entries) if (concept) links.bySpan.set(keyOf(span), concept);
    return links;
  }

  get(span: Pick<TextSpan, 'start' | 'end'>): LinkedConcept | undefined {
    return this.bySpan.get(keyOf(span));
  }

  get size(): number {
    return this.bySpan.size;
  }
}
