import type { LinkedConcept } from '@app/clinical-nlp';
import { describe, expect, it } from 'vitest';
import { SYSTEM } from './code-systems.js';
import { ConceptLinks } from './concept-links.js';
import { asProcedureReportedDone } from './procedure-reported-done.js';
import { analysis, at, phrase } from './testing/analysis-fixtures.js';

function coded(text: string, part: string, code: string, conceptClass?: string) {
  const span = at(text, part);
  const concept: LinkedConcept = {
    span,
    codings: [{ system: SYSTEM.SNOMED, code, display: part }],
    method: 'name:SNOMED',
    ...(conceptClass ? { conceptClass } : {}),
  };
  return [span, concept] as [typeof span, LinkedConcept];
}

describe('a problem the vocabulary codes as a procedure, reported as had', () => {
  it('becomes a procedure phrase', () => {
    const text = 'Pt had removal of ear wax on 5/14';
    const parsed = analysis(text, { phrases: [phrase(text, 'removal of ear wax', 'problem')] });
    const links = ConceptLinks.of([coded(text, 'removal of ear wax', '62114000', 'Procedure')]);
    const done = asProcedureReportedDone(parsed, links)!;
    expect(done.phrases.map((p) => [p.category, p.span.text])).toEqual([
      ['procedure', 'removal of ear wax'],
    ]);
  });

  it('stays a problem when the vocabulary codes it as a disorder', () => {
    const text = 'Pt had otitis media on 5/14';
    const parsed = analysis(text, { phrases: [phrase(text, 'otitis media', 'problem')] });
    const links = ConceptLinks.of([coded(text, 'otitis media', '65363002', 'Disorder')]);
    expect(asProcedureReportedDone(parsed, links)).toBeNull();
  });

  it('stays a problem when a second problem is a disorder, or nothing reports it as done', () => {
    const mixed = 'Pt had otitis media and removal of ear wax';
    const parsed = analysis(mixed, {
      phrases: [
        phrase(mixed, 'otitis media', 'problem'),
        phrase(mixed, 'removal of ear wax', 'problem'),
      ],
    });
    const links = ConceptLinks.of([
      coded(mixed, 'otitis media', '65363002', 'Disorder'),
      coded(mixed, 'removal of ear wax', '62114000', 'Procedure'),
    ]);
    expect(asProcedureReportedDone(parsed, links)).toBeNull();
    const planned = 'Removal of ear wax next week';
    const plannedLinks = ConceptLinks.of([
      coded(planned, 'Removal of ear wax', '62114000', 'Procedure'),
    ]);
    expect(
      asProcedureReportedDone(
        analysis(planned, { phrases: [phrase(planned, 'Removal of ear wax', 'problem')] }),
        plannedLinks,
      ),
    ).toBeNull();
  });
});
