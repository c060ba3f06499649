import { Injectable, type OnApplicationBootstrap } from '@nestjs/common';
import type { CodeSearchPort } from '@app/clinical-nlp';
import { ConceptNameSearch } from '@app/vocabulary';
import { CodeSearch } from '../../application/ports/code-search.js';

type Target = Parameters<CodeSearchPort['search']>[0];

/** The OMOP vocabulary id of each target. */
const VOCABULARY_IDS: Record<Target, string> = {
  SNOMED: 'SNOMED',
  ICD10CM: 'ICD10CM',
  RXNORM: 'RxNorm',
  LOINC: 'LOINC',
  CPT: 'CPT4',
};

/**
 * Code search over the vocabulary's in-memory name index: a sentence's look-ups cost no
 * database round trip. The index is built when the application starts and again after an
 * import. Builtin vocabularies are shared by every account, so the account plays no part.
 */
@Injectable()
export class VocabularyCodeSearch extends CodeSearch implements OnApplicationBootstrap {
  constructor(private readonly names: ConceptNameSearch) {
    super();
  }

  onApplicationBootstrap(): void {
    this.names.warm();
  }

  forAccount(): CodeSearchPort {
    return {
      search: (target, phrase, limit) =>
        phrase.trim() === ''
          ? Promise.resolve([])
          : this.names.search(VOCABULARY_IDS[target], phrase, Math.max(1, Math.min(limit, 100))),
      respell: (target, phrase) => this.names.respell(VOCABULARY_IDS[target], phrase),
      brandIngredients: (name) => this.names.brandIngredients(name),
    };
  }

  drugNamesIn(text: string): Promise<{ start: number; end: number; text: string }[]> {
    return this.names.drugNamesIn(text);
  }
}
