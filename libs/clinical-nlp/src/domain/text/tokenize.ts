export type TokenKind = 'word' | 'number' | 'punct';

export interface Token {
  /** The token as written. */
  text: string;
  /** Lower case, periods of abbreviations removed ("B.I.D." → "bid"). */
  norm: string;
  kind: TokenKind;
  start: number;
  end: number;
}

// Words keep inner joiners: "b.i.d.", "r/o", "non-tender", "patient's". A word with an inner
// period also takes its final period, so that abbreviations stay one token.
const WORD = /[A-Za-z\u00C0-\u024F]+(?:['’\-/.][A-Za-z\u00C0-\u024F]+)*/y;
const NUMBER = /\d+(?:,\d{3})*(?:\.\d+)?|\.\d+/y;

export function tokenize(text: string, offset = 0, end = text.length): Token[] {
  const tokens: Token[] = [];
  let i = offset;
  while (i < end) {
    const ch = text[i];
    if (/\s/.test(ch)) {
      i++;
      continue;
    }
    const token = readWord(text, i, end) ?? readNumber(text, i, end);
    if (token) {
      tokens.push(token);
      i = token.end;
      continue;
    }
    tokens.push({ text: ch, norm: ch, kind: 'punct', start: i, end: i + 1 });
    i++;
  }
  return tokens;
}

function readWord(text: string, at: number, end: number): Token | undefined {
  WORD.lastIndex = at;
  const match = WORD.exec(text);
  if (!match) return undefined;
  let stop = Math.min(at + match[0].length, end);
  let raw = text.slice(at, stop);
  if (raw.includes('.') && text[stop] === '.' && stop < end) {
    stop++;
    raw += '.';
  }
  const norm = raw.includes('.') ? raw.toLowerCase().replace(/\./g, '') : raw.toLowerCase();
  return { text: raw, norm: norm.replace(/’/g, "'"), kind: 'word', start: at, end: stop };
}

function readNumber(text: string, at: number, end: number): Token | undefined {
  NUMBER.lastIndex = at;
  const match = NUMBER.exec(text);
  if (!match) return undefined;
  const stop = Math.min(at + match[0].length, end);
  const raw = text.slice(at, stop);
  return { text: raw, norm: raw.replace(/,/g, ''), kind: 'number', start: at, end: stop };
}
