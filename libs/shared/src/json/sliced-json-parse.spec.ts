import { describe, expect, it } from 'vitest';
import { findJsonProblem } from './json-safety.js';
import { parseJsonInSlices } from './sliced-json-parse.js';

/** A small seeded generator (mulberry32): the same documents on every run. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const STRINGS = ['', 'a', 'say "hi"', 'back\\slash', 'é ü', '\u2028', '12', '__x', '\t', '"', '\\'];

function value(next: () => number, depth: number): unknown {
  const pick = next();
  if (depth > 3 || pick < 0.4) {
    const leaf = Math.floor(next() * 6);
    if (leaf === 0)
      return STRINGS[Math.floor(next() * STRINGS.length)] + String(next()).slice(2, 5);
    if (leaf === 1) return Math.round(next() * 1e6) / 100 - 5_000;
    if (leaf === 2) return next() < 0.5;
    if (leaf === 3) return null;
    if (leaf === 4) return 1e21 * next();
    return 'x'.repeat(Math.floor(next() * 300));
  }
  const size = Math.floor(next() * 8);
  if (pick < 0.65) return Array.from({ length: size }, () => value(next, depth + 1));
  const object: Record<string, unknown> = {};
  for (let index = 0; index < size; index += 1) {
    // Repeated keys and integer-like keys: JSON.parse keeps the last value and orders integers first.
    const key =
      next() < 0.2
        ? String(Math.floor(next() * 5))
        : `${STRINGS[index % STRINGS.length]}${index % 7}`;
    object[key] = value(next, depth + 1);
  }
  return object;
}

/** JSON text with varied whitespace and duplicate keys, as clients may send it. */
function text(next: () => number, item: unknown): string {
  const space = () => [' ', '', '\n', '\t ', '\r\n'][Math.floor(next() * 5)];
  if (Array.isArray(item))
    return `[${space()}${item.map((entry) => text(next, entry)).join(`${space()},${space()}`)}${space()}]`;
  if (item !== null && typeof item === 'object') {
    const members = Object.entries(item).map(
      ([key, entry]) => `${JSON.stringify(key)}${space()}:${space()}${text(next, entry)}`,
    );
    if (members.length > 0 && next() < 0.2)
      members.unshift(`${JSON.stringify(Object.keys(item)[0])}:"overwritten"`);
    return `{${space()}${members.join(',')}${space()}}`;
  }
  return JSON.stringify(item);
}

const noYield = () => Promise.resolve();

async function sliced(document: string, pieceChars: number, maxDepth = 256) {
  return parseJsonInSlices(document, { maxDepth, pieceChars, sliceMs: 0, yieldToLoop: noYield });
}

function parseOrError(document: string): { value?: unknown; error?: boolean } {
  try {
    return { value: JSON.parse(document) };
  } catch {
    return { error: true };
  }
}

describe('parseJsonInSlices', () => {
  it('gives exactly what JSON.parse gives, key order and repeated keys included', async () => {
    const next = random(22);
    for (let round = 0; round < 150; round += 1) {
      const document = text(next, { root: value(next, 0), list: [value(next, 1), value(next, 1)] });
      const pieceChars = [8, 40, 300][round % 3];
      const result = await sliced(document, pieceChars);
      expect(result.problem).toBeUndefined();
      expect(JSON.stringify(result.value)).toBe(JSON.stringify(JSON.parse(document)));
    }
  });

  it('refuses what JSON.parse refuses, and accepts what it accepts, after random edits', async () => {
    const next = random(6750);
    let refused = 0;
    for (let round = 0; round < 400; round += 1) {
      const valid = text(next, [value(next, 1), { a: value(next, 1), b: [value(next, 2)] }]);
      const at = Math.floor(next() * valid.length);
      const edit = [',', ']', '}', '[', '{', ':', '"', ' ', '1', '\\', ''][Math.floor(next() * 11)];
      const document = valid.slice(0, at) + edit + valid.slice(at + (next() < 0.5 ? 1 : 0));
      const expected = parseOrError(document);
      const strict = /^\s*[[{]/.test(document);
      if (expected.error) {
        refused += 1;
        await expect(sliced(document, 12)).rejects.toThrow(SyntaxError);
      } else if (strict) {
        const result = await sliced(document, 12);
        expect(JSON.stringify(result.value)).toBe(JSON.stringify(expected.value));
      }
    }
    expect(refused).toBeGreaterThan(100);
  });

  it('finds the problem the whole-document check finds, with the same path', async () => {
    const filler = Array.from({ length: 50 }, (_, index) => ({
      code: `C${index}`,
      text: 'x'.repeat(20),
    }));
    const documents = [
      { codes: [...filler, { code: 'bad\u0000', text: 'y' }] },
      { codes: filler, nested: { deeper: [filler, { ['__proto__']: 1 }] } },
      { codes: filler, tail: { [`__proto__`]: filler } },
      { codes: filler, ['key\ud800']: filler },
      { codes: [...filler, [[[[[[1]]]]]]] },
    ].map((document) => JSON.stringify(document));
    documents.push(
      `{"codes":${JSON.stringify(filler)},"tail":{"__proto__":${JSON.stringify(filler)}}}`,
    );
    documents.push(`{"codes":${JSON.stringify(filler)},"run":[{"a":1},{"__proto__":{"b":2}}]}`);
    for (const document of documents) {
      const expected = findJsonProblem(JSON.parse(document), 5);
      expect(expected).toBeDefined();
      for (const pieceChars of [16, 200]) {
        const result = await sliced(document, pieceChars, 5);
        expect(result.problem).toEqual(expected);
      }
    }
  });

  it('reports a document nested past the limit without building it', async () => {
    const deep = `{"a":[${'['.repeat(100_000)}${']'.repeat(100_000)}]}`;
    const result = await sliced(deep, 64, 256);
    expect(result.problem).toEqual({
      kind: 'too-deep',
      path: expect.stringMatching(/\[0\]$/),
      maxDepth: 256,
    });
    expect(result.problem).toEqual(findJsonProblem(JSON.parse(deep), 256));
  });

  it('turns to the event loop between slices and stops when the turn throws', async () => {
    const document = JSON.stringify({
      codes: Array.from({ length: 20_000 }, (_, index) => ({
        code: `C${index}`,
        description: `d ${index}`,
      })),
    });
    let turns = 0;
    const result = await parseJsonInSlices(document, {
      maxDepth: 256,
      sliceMs: 0,
      pieceChars: 4_096,
      yieldToLoop: () => {
        turns += 1;
        return Promise.resolve();
      },
    });
    expect(turns).toBeGreaterThan(50);
    expect(result.value).toEqual(JSON.parse(document));
    const stop = new Error('deadline');
    await expect(
      parseJsonInSlices(document, {
        maxDepth: 256,
        sliceMs: 0,
        yieldToLoop: () => Promise.reject(stop),
      }),
    ).rejects.toBe(stop);
  });

  it('refuses a "__proto__" key of a member it builds itself', async () => {
    const document = `{"big":${JSON.stringify('x'.repeat(100))},"__proto__":[${'1,'.repeat(50)}1]}`;
    const result = await sliced(document, 16);
    expect(result.problem).toEqual({ kind: 'forbidden-key', path: '__proto__', key: '__proto__' });
  });
});
