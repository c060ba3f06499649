import { findJsonProblem, findJsonProblemAt, type JsonProblem } from './json-safety.js';

/**
 * JSON.parse of a large document, and the JSON input policy on it, in slices of a few
 * milliseconds with a turn of the event loop between them. One JSON.parse of a 9 MB body
 * holds the loop for a quarter of a second on a busy machine.
 *
 * A first pass finds every object and array (where it opens and closes, and whether the
 * nesting stays within `maxDepth`). A second pass builds the containers larger than
 * `pieceChars` itself and hands runs of their smaller members to JSON.parse, so the values
 * are exactly those JSON.parse gives. Malformed JSON throws a SyntaxError.
 */
export interface SlicedParseOptions {
  maxDepth: number;
  /** Awaited between slices: a turn of the event loop, and a place to stop (it may throw). */
  yieldToLoop: () => Promise<void>;
  /** Work between two turns, in milliseconds. */
  sliceMs?: number;
  /** Containers up to this many characters, and runs of members up to about this size, go to JSON.parse whole. */
  pieceChars?: number;
}

export type SlicedParseResult =
  { value: unknown; problem?: undefined } | { value?: undefined; problem: JsonProblem };

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const COLON = 0x3a;
const OPEN_ARRAY = 0x5b;
const CLOSE_ARRAY = 0x5d;
const OPEN_OBJECT = 0x7b;
const CLOSE_OBJECT = 0x7d;

function malformed(message: string, at: number): SyntaxError {
  return new SyntaxError(`${message} in JSON at position ${at}`);
}

function isWhitespace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

function skipWhitespace(text: string, at: number): number {
  while (at < text.length && isWhitespace(text.charCodeAt(at))) at += 1;
  return at;
}

/** The index of the quote that closes the string opening at `start`. */
function stringEnd(text: string, start: number): number {
  for (let at = start; ;) {
    at = text.indexOf('"', at + 1);
    if (at === -1) throw malformed('Unterminated string', start);
    let backslashes = 0;
    while (text.charCodeAt(at - 1 - backslashes) === BACKSLASH) backslashes += 1;
    if (backslashes % 2 === 0) return at;
  }
}

/** The index of the last character of the number or literal starting at `start`. */
function primitiveEnd(text: string, start: number): number {
  let at = start;
  for (; at < text.length; at += 1) {
    const code = text.charCodeAt(at);
    if (isWhitespace(code) || code === COMMA || code === CLOSE_ARRAY || code === CLOSE_OBJECT)
      break;
    if (code === OPEN_ARRAY || code === OPEN_OBJECT || code === QUOTE || code === COLON) break;
  }
  if (at === start) throw malformed(`Unexpected token ${text[start] ?? 'end'}`, start);
  return at - 1;
}

const STEPS = 4_096;

/** Counts work and yields once a slice's time is spent. */
class Slicer {
  private sliceStart = performance.now();
  private steps = 0;

  constructor(
    private readonly yieldToLoop: () => Promise<void>,
    private readonly sliceMs: number,
  ) {}

  /** True once the slice's time is spent (looked at every STEPS steps): then await `pause()`. */
  due(weight = 1): boolean {
    this.steps += weight;
    if (this.steps < STEPS) return false;
    this.steps = 0;
    return performance.now() - this.sliceStart >= this.sliceMs;
  }

  async pause(): Promise<void> {
    await this.yieldToLoop();
    this.sliceStart = performance.now();
  }
}

interface Structure {
  /** Open positions of every object and array, in document order, and where each closes. */
  opens: number[];
  closes: number[];
}

/** Pass 1: every container's span, or the too-deep problem with its path. */
async function scan(
  text: string,
  maxDepth: number,
  slicer: Slicer,
): Promise<Structure | JsonProblem> {
  const opens: number[] = [];
  const closes: number[] = [];
  const open: number[] = []; // indexes into opens, innermost last
  const childIndex: number[] = []; // per open container: which member the scan is in
  const keyStart: number[] = []; // per open object: where the current member's key starts
  const keyEnd: number[] = [];
  let expectKey = false;
  for (let at = 0; at < text.length; at += 1) {
    if (slicer.due()) await slicer.pause();
    const code = text.charCodeAt(at);
    if (code === QUOTE) {
      const end = stringEnd(text, at);
      if (expectKey) {
        keyStart[open.length - 1] = at;
        keyEnd[open.length - 1] = end;
        expectKey = false;
      }
      at = end;
    } else if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
      if (open.length === maxDepth)
        return tooDeep(text, opens, open, childIndex, keyStart, keyEnd, maxDepth);
      open.push(opens.length);
      opens.push(at);
      closes.push(-1);
      childIndex.push(0);
      keyStart.push(-1);
      keyEnd.push(-1);
      expectKey = code === OPEN_OBJECT;
    } else if (code === CLOSE_ARRAY || code === CLOSE_OBJECT) {
      const entry = open.pop();
      // '[' + 2 is ']' and '{' + 2 is '}'.
      if (entry === undefined || text.charCodeAt(opens[entry]) + 2 !== code)
        throw malformed(`Unexpected token ${text[at]}`, at);
      closes[entry] = at;
      childIndex.pop();
      keyStart.pop();
      keyEnd.pop();
      expectKey = false;
    } else if (code === COMMA && open.length > 0) {
      childIndex[open.length - 1] += 1;
      expectKey = text.charCodeAt(opens[open[open.length - 1]]) === OPEN_OBJECT;
    }
  }
  if (open.length > 0) throw malformed('Unexpected end of JSON input', text.length);
  return { opens, closes };
}

function tooDeep(
  text: string,
  opens: number[],
  open: number[],
  childIndex: number[],
  keyStart: number[],
  keyEnd: number[],
  maxDepth: number,
): JsonProblem {
  const path = open.map((entry, level) =>
    text.charCodeAt(opens[entry]) === OPEN_ARRAY
      ? childIndex[level]
      : (JSON.parse(text.slice(keyStart[level], keyEnd[level] + 1)) as string),
  );
  // The same problem the whole-document check reports, found from the path alone.
  return findJsonProblemAt([], maxDepth, maxDepth, path)!;
}

interface Frame {
  close: number;
  isArray: boolean;
  value: unknown[] | Record<string, unknown>;
  /** Objects and arrays around the frame's members, the frame included. */
  level: number;
  path: (string | number)[];
  /** Where the scan of its members resumes. */
  cursor: number;
}

function define(target: Record<string, unknown>, key: string, value: unknown): void {
  // As JSON.parse does: a "__proto__" member is a field, never the prototype.
  Object.defineProperty(target, key, {
    value,
    writable: true,
    enumerable: true,
    configurable: true,
  });
}

/** Pass 2: builds the large containers and parses runs of small members natively. */
class Builder {
  private nextOpen = 0;
  private readonly frames: Frame[] = [];

  constructor(
    private readonly text: string,
    private readonly structure: Structure,
    private readonly maxDepth: number,
    private readonly pieceChars: number,
    private readonly slicer: Slicer,
  ) {}

  /** Where the container opening at `at` closes (containers are looked up in document order). */
  private closeOf(at: number): number {
    const { opens, closes } = this.structure;
    while (opens[this.nextOpen] < at) this.nextOpen += 1;
    return closes[this.nextOpen];
  }

  async build(rootStart: number, rootClose: number): Promise<SlicedParseResult> {
    const isArray = this.text.charCodeAt(rootStart) === OPEN_ARRAY;
    const root: Frame = {
      close: rootClose,
      isArray,
      value: isArray ? [] : {},
      level: 1,
      path: [],
      cursor: rootStart + 1,
    };
    this.frames.push(root);
    while (this.frames.length > 0) {
      const problem = await this.resume(this.frames[this.frames.length - 1]);
      if (problem) return { problem };
    }
    return { value: root.value };
  }

  /** Scans the frame's members until it ends (popped) or a large member opens (pushed). */
  private async resume(frame: Frame): Promise<JsonProblem | undefined> {
    const { text } = this;
    let at = skipWhitespace(text, frame.cursor);
    if (at === frame.close) {
      this.frames.pop();
      return undefined;
    }
    let runStart = at;
    let runEnd = -1; // the last character of the run's last member
    for (;;) {
      if (this.slicer.due(64)) await this.slicer.pause();
      const memberStart = at;
      let key: string | undefined;
      if (!frame.isArray) {
        if (text.charCodeAt(at) !== QUOTE) throw malformed(`Unexpected token ${text[at]}`, at);
        const keyClose = stringEnd(text, at);
        const colon = skipWhitespace(text, keyClose + 1);
        if (text.charCodeAt(colon) !== COLON) throw malformed(`Expected ':'`, colon);
        key = JSON.parse(text.slice(at, keyClose + 1)) as string;
        at = skipWhitespace(text, colon + 1);
      }
      const code = text.charCodeAt(at);
      let valueEnd: number;
      if (code === OPEN_ARRAY || code === OPEN_OBJECT) {
        valueEnd = this.closeOf(at);
        if (valueEnd - at > this.pieceChars) {
          const problem = this.flush(frame, runStart, runEnd);
          if (problem) return problem;
          return this.open(frame, key, at, valueEnd);
        }
      } else if (code === QUOTE) {
        valueEnd = stringEnd(text, at);
      } else {
        valueEnd = primitiveEnd(text, at);
      }
      if (runEnd === -1) runStart = memberStart;
      runEnd = valueEnd;
      at = skipWhitespace(text, valueEnd + 1);
      const next = text.charCodeAt(at);
      if (at === frame.close) {
        const problem = this.flush(frame, runStart, runEnd);
        if (problem) return problem;
        this.frames.pop();
        return undefined;
      }
      if (next !== COMMA) throw malformed(`Unexpected token ${text[at] ?? 'end'}`, at);
      at = skipWhitespace(text, at + 1);
      if (at === frame.close) throw malformed(`Unexpected token ${text[at]}`, at);
      if (runEnd + 1 - runStart >= this.pieceChars) {
        const problem = this.flush(frame, runStart, runEnd);
        if (problem) return problem;
        runEnd = -1;
        runStart = at;
      }
    }
  }

  /** A large member: its own frame, resumed before the rest of its parent. */
  private open(
    frame: Frame,
    key: string | undefined,
    start: number,
    close: number,
  ): JsonProblem | undefined {
    const isArray = this.text.charCodeAt(start) === OPEN_ARRAY;
    const value: unknown[] | Record<string, unknown> = isArray ? [] : {};
    if (frame.isArray) {
      (frame.value as unknown[]).push(value);
    } else {
      // The key alone passes the policy (the value is checked as it is built).
      const problem = findJsonProblemAt(
        Object.defineProperty({}, key!, { value: null, enumerable: true }),
        this.maxDepth,
        frame.level - 1,
        frame.path,
      );
      if (problem) return problem;
      define(frame.value as Record<string, unknown>, key!, value);
    }
    const index = frame.isArray ? (frame.value as unknown[]).length - 1 : key!;
    frame.cursor = close + 1;
    this.afterMember(frame);
    this.frames.push({
      close,
      isArray,
      value,
      level: frame.level + 1,
      path: [...frame.path, index],
      cursor: start + 1,
    });
    return undefined;
  }

  /** After a large member the parent continues at a comma or its end. */
  private afterMember(frame: Frame): void {
    const at = skipWhitespace(this.text, frame.cursor);
    if (at === frame.close) {
      frame.cursor = at;
      return;
    }
    if (this.text.charCodeAt(at) !== COMMA)
      throw malformed(`Unexpected token ${this.text[at]}`, at);
    const next = skipWhitespace(this.text, at + 1);
    if (next === frame.close) throw malformed(`Unexpected token ${this.text[next]}`, next);
    frame.cursor = next;
  }

  /** JSON.parse of a run of members, checked by the policy and added to the frame. */
  private flush(frame: Frame, runStart: number, runEnd: number): JsonProblem | undefined {
    if (runEnd === -1) return undefined;
    const slice = this.text.slice(runStart, runEnd + 1);
    // A run is a piece's worth of work: the next look at the clock comes right after it.
    this.slicer.due(STEPS);
    if (frame.isArray) {
      const items = JSON.parse(`[${slice}]`) as unknown[];
      const target = frame.value as unknown[];
      for (const item of items) {
        const problem = findJsonProblemAt(item, this.maxDepth, frame.level, [
          ...frame.path,
          target.length,
        ]);
        if (problem) return problem;
        target.push(item);
      }
      return undefined;
    }
    const members = JSON.parse(`{${slice}}`) as Record<string, unknown>;
    // The run's members sit where the frame's do: same depth, same path.
    const problem = findJsonProblemAt(members, this.maxDepth, frame.level - 1, frame.path);
    if (problem) return problem;
    const target = frame.value as Record<string, unknown>;
    for (const key of Object.keys(members)) define(target, key, members[key]);
    return undefined;
  }
}

/** JSON.parse plus the input policy, in slices; a document of any size and shape. */
export async function parseJsonInSlices(
  text: string,
  options: SlicedParseOptions,
): Promise<SlicedParseResult> {
  const pieceChars = options.pieceChars ?? 64 * 1024;
  const slicer = new Slicer(options.yieldToLoop, options.sliceMs ?? 8);
  const rootStart = skipWhitespace(text, 0);
  const code = text.charCodeAt(rootStart);
  const whole = (): SlicedParseResult => {
    const value: unknown = JSON.parse(text);
    const problem = findJsonProblem(value, options.maxDepth);
    return problem ? { problem } : { value };
  };
  if (code !== OPEN_ARRAY && code !== OPEN_OBJECT) return whole();
  const structure = await scan(text, options.maxDepth, slicer);
  if ('kind' in structure) return { problem: structure };
  const rootClose = structure.closes[0];
  if (skipWhitespace(text, rootClose + 1) !== text.length)
    throw malformed('Unexpected non-whitespace character after JSON', rootClose + 1);
  if (rootClose - rootStart <= pieceChars) return whole();
  return new Builder(text, structure, options.maxDepth, pieceChars, slicer).build(
    rootStart,
    rootClose,
  );
}
