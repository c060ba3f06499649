import { findResourceMentions, type NounMention } from './resource-vocabulary.js';

export type ClauseKind = 'search' | 'create' | 'workflow' | 'unsupported' | 'none';

export interface ClassifiedClause {
  kind: ClauseKind;
  text: string;
  /** The clause as the instructions wrote it (`text` may have lost the provider it names). */
  written: string;
  /** The clause without its leading verb (and particle): where the object is named. */
  remainder: string;
  verb: string;
  /** The resource the clause acts on (not set for sub-workflow calls or unknown clauses). */
  target: NounMention | null;
  /** Character offset of `remainder` in `text`. */
  remainderStart: number;
}

const SEARCH_VERB =
  /^(find|search(?: for)?|look(?:\s+up|\s+for)?|lookup|locate|retrieve|get|fetch|query(?: for)?|check(?: for| if| whether)?|verify(?: if| whether)?|identify|match|read|pull|see if|determine(?: if| whether)?|confirm(?: if| whether)?)\b/i;
const CREATE_VERB =
  /^(create|add|record|register|document|enter|save|store|write|log|order|prescribe|schedule|book|submit|capture|make|generate|file|post|insert|place|raise|open|send|notify|flag)\b/i;
const WORKFLOW_VERB = /^(run|call|execute|invoke|trigger|start|launch|use|perform|apply)\b/i;
const EDIT_VERB = /^(update|delete|remove|modify|edit|change|cancel|replace|patch)\b/i;
const PREPOSITION =
  /\b(for|of|to|with|about|from|by|in|on|into|against|under|using|via)\s+(?:(?:the|a|an|any|this|that|their|his|her|its|each|every|all)\s+)?$/i;

export function classifyClause(text: string): ClassifiedClause {
  const lead =
    /^(?:(?:then|also|next|finally|first|afterwards|lastly|please|and|now)[,\s]+)*/i.exec(text);
  const body = text.slice(lead?.[0].length ?? 0);
  const offset = text.length - body.length;
  const verbMatch =
    (/\bworkflows?\b/i.test(body) ? WORKFLOW_VERB.exec(body) : null) ??
    SEARCH_VERB.exec(body) ??
    CREATE_VERB.exec(body) ??
    EDIT_VERB.exec(body);
  if (!verbMatch) {
    return {
      kind: 'none',
      text,
      written: text,
      remainder: body,
      verb: '',
      target: null,
      remainderStart: offset,
    };
  }
  const verb = verbMatch[0].toLowerCase();
  const remainderStart = offset + verbMatch[0].length;
  const remainder = text.slice(remainderStart);
  const kind: ClauseKind =
    WORKFLOW_VERB.test(verb) && /\bworkflows?\b/i.test(body)
      ? 'workflow'
      : SEARCH_VERB.test(verb)
        ? 'search'
        : CREATE_VERB.test(verb)
          ? 'create'
          : 'unsupported';
  const target = kind === 'workflow' ? null : objectOf(remainder, remainderStart, text);
  return { kind, text, written: text, remainder, verb, target, remainderStart };
}

/**
 * The resource a clause acts on: the thing after "has/have" ("check whether the patient
 * has an allergy"), else the first resource named outside a prepositional phrase or a
 * possessive ("record the patient's blood pressure for the visit" → blood pressure), else
 * the first resource named at all.
 */
function objectOf(remainder: string, remainderStart: number, text: string): NounMention | null {
  const mentions = findResourceMentions(remainder).map((mention) => ({
    ...mention,
    start: mention.start + remainderStart,
    end: mention.end + remainderStart,
  }));
  if (mentions.length === 0) return null;
  const has = /\b(?:has|have|had)\s+(?:(?:a|an|any|no|some|known|documented|active)\s+)*/i.exec(
    remainder,
  );
  if (has) {
    const after = mentions.find((mention) => mention.start >= remainderStart + has.index);
    if (after) return after;
  }
  const direct = mentions.find(
    (mention) =>
      !PREPOSITION.test(text.slice(remainderStart, mention.start)) &&
      !/^'s\b|^’s\b/.test(text.slice(mention.end)),
  );
  return direct ?? mentions[0];
}
