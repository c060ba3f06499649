import { describe, expect, it } from 'vitest';
import { headerProblems } from './header-rules.js';

describe('headers for a tool server', () => {
  it('accepts ordinary headers', () => {
    expect(headerProblems({ 'X-Api-Key': 'k', Authorization: 'Bearer t' })).toEqual([]);
  });

  it('names invalid names, headers the service sets itself, and line breaks', () => {
    expect(
      headerProblems({ 'Bad Header': 'v', 'content-type': 'text/plain', 'X-Evil': 'a\r\nb' }),
    ).toEqual([
      '"Bad Header" is not a valid header name',
      '"content-type" is set by the service and cannot be configured',
      'the value of "X-Evil" contains a line break',
    ]);
  });
});
