import { Injectable } from '@nestjs/common';
import {
  analyzeClinicalText,
  linkPhrase,
  medicationAt,
  type ClinicalAnalysis,
} from '@app/clinical-nlp';
import { ConceptLinks } from '../../domain/concept-links.js';
import type { Linkable } from '../../domain/link-targets.js';
import { CodeSearch } from '../ports/code-search.js';

export interface ReadText {
  analysis: ClinicalAnalysis;
  links: ConceptLinks;
}

const CONCURRENT_LOOKUPS = 4;

/** Runs the offline text engine, then links the mentions a use case needs to codes. */
@Injectable()
export class ClinicalTextReader {
  constructor(private readonly codes: CodeSearch) {}

  analyze(text: string, referenceDate: Date): ClinicalAnalysis {
    return analyzeClinicalText(text, { referenceDate });
  }

  /**
   * The analysis with the drugs the vocabulary knows by name (an ingredient or brand, also
   * misspelt) as medication mentions, when the engine's own lexicon found none.
   */
  async withVocabularyDrugs(analysis: ClinicalAnalysis): Promise<ClinicalAnalysis> {
    if (analysis.medications.length > 0) return analysis;
    const names = await this.codes.drugNamesIn(analysis.text);
    if (names.length === 0) return analysis;
    return {
      ...analysis,
      medications: names.map((name) => medicationAt(analysis.text, analysis.sentences, name)),
    };
  }

  async link(accountId: string, targets: Linkable[]): Promise<ConceptLinks> {
    const port = this.codes.forAccount(accountId);
    const results: [Linkable['span'], Awaited<ReturnType<typeof linkPhrase>>][] = [];
    let next = 0;
    const worker = async () => {
      while (next < targets.length) {
        const target = targets[next++];
        results.push([target.span, await linkPhrase(target, port)]);
      }
    };
    await Promise.all(Array.from({ length: Math.min(CONCURRENT_LOOKUPS, targets.length) }, worker));
    return ConceptLinks.of(results);
  }
}
