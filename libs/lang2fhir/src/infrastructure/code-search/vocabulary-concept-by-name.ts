import { Injectable } from '@nestjs/common';
import { ConceptNameSearch, VocabularyLookup } from '@app/vocabulary';
import { ConceptByName, type NamedCoding } from '../../application/ports/concept-by-name.js';

const CANDIDATES = 5;
const words = (text: string) =>
  text
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .sort()
    .join(' ');

/** Name look-up in the vocabulary's in-memory name index (the one text linking uses). */
@Injectable()
export class VocabularyConceptByName extends ConceptByName {
  constructor(
    private readonly names: ConceptNameSearch,
    private readonly vocabulary: VocabularyLookup,
  ) {
    super();
  }

  async find(vocabularyIds: readonly string[], phrase: string): Promise<NamedCoding | undefined> {
    if (!/[a-z]/i.test(phrase)) return undefined;
    let partial: { vocabularyId: string; system: string; code: string } | undefined;
    for (const vocabularyId of vocabularyIds) {
      const system = this.vocabulary.systemForVocabularyId(vocabularyId);
      const hits = (await this.names.search(vocabularyId, phrase, CANDIDATES)).filter(
        (hit) => hit.score === 1,
      );
      if (!system || hits.length === 0) continue;
      const exact = hits.find((hit) => words(hit.display) === words(phrase));
      if (exact) return this.described({ vocabularyId, system, code: exact.code }, true);
      partial ??= { vocabularyId, system, code: hits[0].code };
    }
    return partial && this.described(partial, false);
  }

  private async described(
    found: { vocabularyId: string; system: string; code: string },
    exact: boolean,
  ): Promise<NamedCoding> {
    const [concept] = await this.vocabulary.conceptsByCode(found.vocabularyId, found.code);
    return { ...found, exact, domainId: concept?.domainId };
  }
}
