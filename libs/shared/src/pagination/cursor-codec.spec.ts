import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.js';
import { decodeCursor, encodeCursor } from './cursor-codec.js';

function rejection(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a rejection');
}

describe('cursor codec', () => {
  it('round-trips a keyset position', () => {
    const cursor = encodeCursor('codes:LOINC:2.77', ['8480-6', 42]);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor('codes:LOINC:2.77', cursor)).toEqual(['8480-6', 42]);
  });

  it('refuses a cursor of another listing with 400 INVALID_CURSOR', () => {
    const cursor = encodeCursor('codes:LOINC:2.77', ['8480-6']);
    const error = rejection(() => decodeCursor('codes:ICD-10-CM:2025', cursor));
    expect(error).toBeInstanceOf(AppError);
    expect(error.status).toBe(400);
    expect(error.code).toBe('REQUEST.INVALID_CURSOR');
  });

  it.each([
    ['not base64', '!!!'],
    ['base64 but not JSON', Buffer.from('hello').toString('base64url')],
    ['JSON without a key', Buffer.from(JSON.stringify({ s: 'x' })).toString('base64url')],
    ['key of objects', Buffer.from(JSON.stringify({ s: 'x', k: [{}] })).toString('base64url')],
    ['empty', ''],
  ])('refuses %s', (_label, cursor) => {
    expect(rejection(() => decodeCursor('x', cursor)).status).toBe(400);
  });
});

describe('cursor codec against forged keys', () => {
  const forged = (k: unknown[]) => Buffer.from(JSON.stringify({ s: 'x', k })).toString('base64url');

  it.each([
    ['a number too large to be exact', [1e308]],
    ['a fraction', [1.5]],
    ['a string with U+0000', ['a\u0000b']],
    ['a very long string', ['x'.repeat(600)]],
  ])('refuses %s with 400 INVALID_CURSOR', (_label, key) => {
    const error = rejection(() => decodeCursor('x', forged(key)));
    expect(error.status).toBe(400);
    expect(error.code).toBe('REQUEST.INVALID_CURSOR');
  });
});
