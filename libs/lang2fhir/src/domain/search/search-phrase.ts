import { withoutDates } from './search-dates.js';
import { isTypeWord } from './search-resource-type.js';

/**
 * Words that frame a search request rather than name what is searched: commands, question
 * words, articles, auxiliaries, status and linking words. English grammar, not clinical
 * knowledge.
 */
const FRAME_WORDS = new Set(
  (
    'please can could you show list find get search for give me display pull retrieve fetch ' +
    'return all any every the a an my their his her who which that whose what was were is are ' +
    'be been has have had got get received receiving given done performed underwent undergone ' +
    'diagnosed prescribed ordered taking on with to of by recorded documented allergic active ' +
    'current ongoing resolved inactive completed finished cancelled canceled stopped ' +
    'discontinued recent latest most first last top count number how many ever'
  ).split(' '),
);
const LINKING = new Set(['for', 'of', 'to', 'with', 'on', 'in', 'by', 'and', 'or']);
/** What ends the framing part when it is written out: "…: <concept>", "… of type <concept>". */
const FRAME_END = /^.*?(?::|\bof type\b|\bnamed\b|\bcalled\b|\bcoded as\b)\s*/i;

const isFrame = (word: string) =>
  FRAME_WORDS.has(word.toLowerCase()) || isTypeWord(word) || /^\d+$/.test(word);

/**
 * The words of a search request that name the searched concept: dates, patient references,
 * counts and the framing words around it removed ("show encounters: Encounter for problem
 * since 2019" → "Encounter for problem"; "patients allergic to peanuts" → "peanuts").
 */
export function searchedPhrase(text: string): string {
  let rest = withoutDates(text)
    .replace(/\bpatient(?:\/| id:? | #| )[A-Za-z0-9\-.]*\d[A-Za-z0-9\-.]*/gi, ' ')
    .replace(/\b(?:first|top|last|latest|up to|limit(?: to)?)\s+\d+\b/gi, ' ');
  const framed = FRAME_END.exec(rest);
  if (framed) rest = rest.slice(framed[0].length);
  const words = rest
    .replace(/[?!;"]+|\.(?=\s|$)/g, ' ')
    .split(/\s+/)
    .filter(Boolean);
  let start = 0;
  let end = words.length;
  // After "with", "to", "of" … the concept starts, even with a type word ("with Disorder of …").
  let linked = false;
  while (!framed && start < end && isFrame(words[start].replace(/,$/, ''))) {
    const word = words[start].toLowerCase();
    if (linked && !FRAME_WORDS.has(word)) break;
    linked ||= LINKING.has(word);
    start += 1;
  }
  // One type word at the end ("Urgent care clinic visits"), unless the request wrote the
  // concept out after a colon, or the word closes a phrase ("Encounter for problem").
  let typeWords = 0;
  while (end > start && isFrame(words[end - 1].replace(/,$/, ''))) {
    const word = words[end - 1].toLowerCase();
    if (!FRAME_WORDS.has(word)) {
      const closing = end - 2 >= start && LINKING.has(words[end - 2].toLowerCase());
      if (framed || closing || ++typeWords > 1) break;
    }
    end -= 1;
  }
  return words
    .slice(start, end)
    .join(' ')
    .replace(/^[,\s]+|[,\s]+$/g, '');
}
