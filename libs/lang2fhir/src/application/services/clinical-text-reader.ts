import { Injectable } from '@nestjs/common';
import { inLanes } from '@app/shared';
import {
  analyzeClinicalText,
  linkExactName,
  linkPhrase,
  medicationAt,
  type ClinicalAnalysis,
  type ClinicalPhrase,
} from '@app/clinical-nlp';
import { ConceptLinks } from '../../domain/concept-links.js';
import { listedActivities } from '../../domain/listed-activities.js';
import type { Linkable } from '../../domain/link-targets.js';
import {
  requestedReason,
  wholeRequestPhrase,
  withWholePhrase,
} from '../../domain/requested-mention.js';
import type { ResourceKind } from '../../domain/resource-kinds.js';
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

  /**
   * The analysis with the whole of a short condition or procedure request as one phrase when
   * the vocabulary names it word for word: the most specific concept the wording supports,
   * rather than its parts.
   */
  async withVocabularyWhole(
    accountId: string,
    analysis: ClinicalAnalysis,
    kind: ResourceKind,
  ): Promise<ClinicalAnalysis> {
    const port = this.codes.forAccount(accountId);
    const whole = wholeRequestPhrase(analysis, kind);
    if (whole && (await linkExactName(whole, port))) analysis = withWholePhrase(analysis, whole);
    // An order's reason, the same way; taken as written when the engine found nothing of it.
    const reason = requestedReason(analysis, kind);
    if (reason && (!reason.partial || (await linkExactName(reason.phrase, port))))
      analysis = withWholePhrase(analysis, reason.phrase);
    // A care plan's listed activities the engine found nothing in, when the vocabulary names them.
    const named: ClinicalPhrase[] = [];
    for (const item of listedActivities(analysis, kind))
      if (await linkExactName(item, port)) named.push(item);
    return named.length > 0 ? { ...analysis, phrases: [...analysis.phrases, ...named] } : analysis;
  }

  async link(accountId: string, targets: Linkable[]): Promise<ConceptLinks> {
    const port = this.codes.forAccount(accountId);
    const results: [Linkable['span'], Awaited<ReturnType<typeof linkPhrase>>][] = [];
    await inLanes(targets, CONCURRENT_LOOKUPS, async (target) => {
      results.push([target.span, await linkPhrase(target, port)]);
    });
    return ConceptLinks.of(results);
  }
}
