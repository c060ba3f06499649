import { Injectable } from '@nestjs/common';
import { LexicalKnowledge } from '../../domain/lexical/lexical-knowledge.js';
import type { RelatedWord } from '../../domain/text-search/code-search-index.js';
import { LexicalKnowledgeSource } from '../../application/ports/lexical-knowledge.source.js';

/** `LEXICAL_KNOWLEDGE=none`: codes are found by their own names and hierarchy only. */
@Injectable()
export class NoLexicalKnowledge extends LexicalKnowledgeSource {
  readonly name = 'none';

  about(): Promise<LexicalKnowledge> {
    return Promise.resolve(LexicalKnowledge.NONE);
  }

  related(): Promise<ReadonlyMap<string, readonly RelatedWord[]>> {
    return Promise.resolve(new Map());
  }
}
