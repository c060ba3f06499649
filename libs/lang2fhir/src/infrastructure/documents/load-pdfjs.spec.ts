import { describe, expect, it } from 'vitest';
import { loadPdfJs } from './load-pdfjs.js';

describe('loadPdfJs', () => {
  it('leaves the process its own JSON and Array.prototype.push', async () => {
    const before = { stringify: JSON.stringify, parse: JSON.parse, push: Array.prototype.push };
    const pdfjs = await loadPdfJs();
    expect(typeof pdfjs.getDocument).toBe('function');
    expect(JSON.stringify).toBe(before.stringify);
    expect(JSON.parse).toBe(before.parse);
    expect(Array.prototype.push).toBe(before.push);
    // core-js's JSON.stringify overflows the stack at this depth; the native one does not.
    let nested: unknown[] = [];
    for (let level = 0; level < 3000; level++) nested = [nested];
    expect(JSON.stringify(nested)).toHaveLength(6002);
  });
});
