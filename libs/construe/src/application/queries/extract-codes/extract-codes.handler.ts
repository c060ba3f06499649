import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { codeKey } from '../../../domain/builtin-systems.js';
import {
  chooseNonOverlapping,
  phraseCandidates,
  words,
} from '../../../domain/phrase-candidates.js';
import { CodeSearchStore } from '../../ports/code-search.store.js';
import { CodeSystemRepository } from '../../ports/code-system.repository.js';
import { resolveSystem } from '../../system-resolver.js';
import { ExtractCodesQuery, type ExtractedCode } from './extract-codes.query.js';

const CODE_LIKE = /^[A-Za-z]?\d[A-Za-z0-9.-]{0,9}$|^[A-Za-z]\d{2}(\.[A-Za-z0-9]{1,4})?$/;

/** Codes named in a text: exact description phrases (longest first) and written codes, with offsets. */
@QueryHandler(ExtractCodesQuery)
export class ExtractCodesHandler implements IQueryHandler<ExtractCodesQuery> {
  constructor(
    private readonly systems: CodeSystemRepository,
    private readonly search: CodeSearchStore,
  ) {}

  async execute({ accountId, text, system: name, version }: ExtractCodesQuery) {
    const system = await resolveSystem(this.systems, accountId, name, version);
    const phrases = phraseCandidates(text);
    const codeTokens = words(text).filter((word) => CODE_LIKE.test(word.text));
    const found = await this.search.findByDescriptions(
      system.id,
      [...phrases.keys()],
      codeTokens.map((word) => codeKey(word.text)),
    );
    const matches: ExtractedCode[] = [];
    for (const entry of found) {
      for (const span of phrases.get(entry.key) ?? []) {
        matches.push({
          code: entry.code,
          description: entry.description,
          ...span,
          matched_by: 'description',
        });
      }
      for (const span of codeTokens.filter((word) => codeKey(word.text) === entry.codeKey)) {
        matches.push({
          code: entry.code,
          description: entry.description,
          ...span,
          matched_by: 'code',
        });
      }
    }
    return {
      system: { name: system.name, version: system.version },
      codes: chooseNonOverlapping(matches),
    };
  }
}
