import { Injectable } from '@nestjs/common';
import { VocabularyLookup, type Concept } from '@app/vocabulary';
import { ConceptClasses } from '../../application/ports/concept-classes.js';
import type { SearchCoding } from '../../domain/search/build-search.js';

/** Class members from the OMOP vocabulary: `Maps to` standards and their descendants. */
@Injectable()
export class VocabularyConceptClasses extends ConceptClasses {
  constructor(private readonly vocabulary: VocabularyLookup) {
    super();
  }

  async expand(codings: readonly SearchCoding[], limit: number): Promise<SearchCoding[]> {
    const out = new Map<string, SearchCoding>();
    const add = (coding: SearchCoding) => {
      if (out.size < limit) out.set(`${coding.system ?? ''}|${coding.code}`, coding);
    };
    for (const coding of codings) add(coding);
    for (const coding of codings) {
      for (const standard of await this.standardsOf(coding)) {
        this.addConcept(standard, add);
        const below = await this.vocabulary.descendants(standard.conceptId, limit);
        for (const member of below) this.addConcept(member, add);
      }
    }
    return [...out.values()];
  }

  /** The valid concept of the coding, or its standard targets when it is not standard. */
  private async standardsOf(coding: SearchCoding): Promise<Concept[]> {
    const vocabularyId = coding.system && this.vocabulary.vocabularyIdForSystem(coding.system);
    if (!vocabularyId) return [];
    const concept = (await this.vocabulary.conceptsByCode(vocabularyId, coding.code)).find(
      (found) => found.invalidReason === null,
    );
    if (!concept) return [];
    if (concept.standardConcept === 'S') return [concept];
    return (await this.vocabulary.standardTargets(concept.conceptId)).filter(
      (target) => target.domainId === concept.domainId,
    );
  }

  private addConcept(concept: Concept, add: (coding: SearchCoding) => void): void {
    const system = this.vocabulary.systemForVocabularyId(concept.vocabularyId);
    if (system) add({ system, code: concept.conceptCode });
  }
}
