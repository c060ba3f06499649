import { Injectable } from '@nestjs/common';
import { codeKey } from '../domain/builtin-systems.js';
import { codeStructure, type CodeStructure } from '../domain/text-search/code-families.js';
import type { SystemCode } from '../domain/code-system.js';
import { CodeSearchStore, type SearchableCode } from './ports/code-search.store.js';
import { InFlight } from './in-flight.js';

/** What the indexes of one code system are built from. */
export interface SystemDocuments {
  /** Every code with its synonyms and hierarchy, in stored order. */
  rows: SearchableCode[];
  /** The same codes without them: what a hit answers with (both indexes keep this one array). */
  codes: SystemCode[];
  /** What the codes' shape says (headings, seventh-character families, parents). */
  structure: CodeStructure;
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
  private readonly reads = new InFlight<SystemDocuments>();

  constructor(private readonly store: CodeSearchStore) {}

  of(systemId: string): Promise<SystemDocuments> {
    return this.reads.get(systemId, async () => {
      const rows = await this.store.loadSearchDocuments(systemId);
      return {
        rows,
        codes: rows.map(({ synonyms: _synonyms, context: _context, ...code }) => code),
        structure: codeStructure(rows.map((row) => codeKey(row.code))),
      };
    });
  }
}
