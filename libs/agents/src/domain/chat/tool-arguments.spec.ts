import { describe, expect, it } from 'vitest';
import { parseToolArguments } from './tool-arguments.js';
import { toolResultText } from './tool-output.js';

describe('tool arguments and results', () => {
  it('reads a JSON object, treats empty text as no arguments, and names other problems', () => {
    expect(parseToolArguments('{"a":1}')).toEqual({ a: 1 });
    expect(parseToolArguments('  ')).toEqual({});
    expect(parseToolArguments('{oops')).toBe('the arguments are not valid JSON');
    expect(parseToolArguments('[1]')).toBe('the arguments must be a JSON object');
  });

  it('writes results as JSON and says when it cut them', () => {
    expect(toolResultText({ a: 1 }, 100)).toBe('{"a":1}');
    expect(toolResultText('plain', 100)).toBe('plain');
    expect(toolResultText('x'.repeat(30), 10)).toBe(`${'x'.repeat(10)}… [cut: 20 more characters]`);
  });
});
