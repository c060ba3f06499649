// The naive baseline for PDF text: inflate every stream and keep the strings of the text
// operators (Tj, TJ), one line per operator, without pdf.js's layout, fonts or encodings.
import { Buffer } from 'node:buffer';
import { inflateSync } from 'node:zlib';

export function naivePdfText(bytes) {
  const raw = bytes.toString('latin1');
  const streams = [];
  const pattern = /stream\r?\n([\s\S]*?)endstream/g;
  for (let match = pattern.exec(raw); match; match = pattern.exec(raw)) {
    const body = Buffer.from(match[1], 'latin1');
    try {
      streams.push(inflateSync(body).toString('latin1'));
    } catch {
      streams.push(match[1]);
    }
  }
  const lines = [];
  for (const stream of streams) {
    const operators = /(\[(?:[^\]]*)\]|<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\)])*\))\s*T[Jj]/g;
    for (let match = operators.exec(stream); match; match = operators.exec(stream)) {
      const operand = match[1];
      const parts = operand.startsWith('[')
        ? (operand.match(/<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\)])*\)/g) ?? [])
        : [operand];
      lines.push(parts.map(decodeString).join(''));
    }
  }
  return lines.join('\n');
}

function decodeString(token) {
  if (token.startsWith('<'))
    return Buffer.from(token.slice(1, -1).replace(/\s/g, ''), 'hex').toString('latin1');
  return token
    .slice(1, -1)
    .replace(/\\([nrt()\\])/g, (_, c) => ({ n: '\n', r: '\r', t: '\t' })[c] ?? c);
}
