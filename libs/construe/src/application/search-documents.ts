import { Injectable, Logger } from '@nestjs/common';
import { workPacer } from '@app/shared';
import { performance } from 'node:perf_hooks';
import { codeKey } from '../domain/builtin-systems.js';
import { codeStructure, type CodeStructure } from '../domain/text-search/code-families.js';
import type { SystemCode } from '../domain/code-system.js';
import { CodeSearchStore, type SearchableCode } from './ports/code-search.store.js';
import { LexicalKnowledge } from '../domain/lexical/lexical-knowledge.js';
import { combiningFormsOfText } from '../domain/text-search/combining-forms.js';
import { InFlight } from './in-flight.js';
import { LexicalKnowledgeSource } from './ports/lexical-knowledge.source.js';

/** Longest stretch of work between two turns of the event loop (the API keeps answering). */
const SLICE_MS = 15;

/** What the indexes of one code system are built from. */
export interface SystemDocuments {
  /** Every code with its synonyms and hierarchy, in stored order. */
  rows: SearchableCode[];
  /** The same codes without them: what a hit answers with (both indexes keep this one array). */
  codes: SystemCode[];
  /** What the codes' shape says (headings, seventh-character families, parents). */
  structure: CodeStructure;
  /**
   * What the lexical database knows about each code's title, in the order of the rows: texts
   * of related words (`SearchDocument.knowledge`).
   */
  knowledge: string[][];
}

/**
 * A code system's stored search documents (every code with its synonyms and hierarchy), read
 * once for the indexes built from them at the same time: the text index and the learned
 * vectors of a builtin system are both built when the API starts, and an uploaded system's
 * both on its first semantic search. The codes and their structure are derived once here for
 * both; the rows are not kept after the read.
 */
@Injectable()
export class SearchDocuments {
  private readonly logger = new Logger(SearchDocuments.name);
  private readonly reads = new InFlight<SystemDocuments>();

  constructor(
    private readonly store: CodeSearchStore,
    private readonly lexicon: LexicalKnowledgeSource,
  ) {}

  of(systemId: string): Promise<SystemDocuments> {
    return this.reads.get(systemId, async () => {
      const rows = await this.store.loadSearchDocuments(systemId);
      return {
        rows,
        codes: rows.map(({ synonyms: _synonyms, context: _context, ...code }) => code),
        structure: codeStructure(rows.map((row) => codeKey(row.code))),
        knowledge: await this.knowledgeOf(systemId, rows),
      };
    });
  }

  private async knowledgeOf(systemId: string, rows: SearchableCode[]): Promise<string[][]> {
    const started = performance.now();
    const pace = workPacer(undefined, SLICE_MS);
    const titles = rows.map((row) => row.description);
    let knowledge = LexicalKnowledge.NONE;
    try {
      knowledge = await this.lexicon.about(titles, pace);
    } catch (error: unknown) {
      // Search works without it, as with LEXICAL_KNOWLEDGE=none.
      this.logger.warn(
        `code system ${systemId}: ${this.lexicon.name} not read, searching without it: ${String(error)}`,
      );
    }
    const texts: string[][] = [];
    for (const title of titles) {
      await pace();
      const forms = combiningFormsOfText(title);
      texts.push(forms === '' ? knowledge.about(title) : [...knowledge.about(title), forms]);
    }
    if (knowledge.size > 0)
      this.logger.log(
        `code system ${systemId}: ${this.lexicon.name} knows ${knowledge.size} of its title words and phrases (${Math.round(performance.now() - started)} ms)`,
      );
    return texts;
  }
}
