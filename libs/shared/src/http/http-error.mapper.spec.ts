import {
  BadRequestException,
  HttpException,
  InternalServerErrorException,
  NotFoundException,
} from '@nestjs/common';
import { ThrottlerException } from '@nestjs/throttler';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/app-error.js';
import { DomainError } from '../errors/domain-error.js';
import { OAuthError } from '../errors/oauth-error.js';
import { mapHttpError } from './http-error.mapper.js';

describe('mapHttpError', () => {
  it('renders an AppError in the envelope with its status, code, details and headers', () => {
    const mapped = mapHttpError(
      new AppError(409, 'CONSTRUE.SYSTEM_EXISTS', 'exists', { name: 'X' }, { 'X-A': '1' }),
    );
    expect(mapped).toEqual({
      status: 409,
      body: {
        success: false,
        message: 'exists',
        error: { code: 'CONSTRUE.SYSTEM_EXISTS', details: { name: 'X' } },
      },
      headers: { 'X-A': '1' },
      unexpected: false,
    });
  });

  it('renders a DomainError with the status its kind has in the one table', () => {
    const mapped = mapHttpError(
      new DomainError('not-found', 'SUMMARY.TEMPLATE_NOT_FOUND', 'No template t1', { id: 't1' }),
    );
    expect(mapped).toEqual({
      status: 404,
      body: {
        success: false,
        message: 'No template t1',
        error: { code: 'SUMMARY.TEMPLATE_NOT_FOUND', details: { id: 't1' } },
      },
      headers: {},
      unexpected: false,
    });
    expect(mapHttpError(new DomainError('invalid', 'X.BAD', 'bad')).status).toBe(400);
    expect(mapHttpError(new DomainError('unprocessable', 'X.STEP', 'failed')).status).toBe(422);
    expect(mapHttpError(new DomainError('timed-out', 'X.LATE', 'late')).status).toBe(504);
  });

  it('keeps the OAuth shape and the Basic challenge for invalid_client', () => {
    const mapped = mapHttpError(new OAuthError('invalid_client', 'bad credentials'));
    expect(mapped.status).toBe(401);
    expect(mapped.body).toEqual({ error: 'invalid_client', error_description: 'bad credentials' });
    expect(mapped.headers['WWW-Authenticate']).toMatch(/^Basic /);
    expect(mapHttpError(new OAuthError('unsupported_grant_type', 'no')).status).toBe(400);
  });

  it('maps Nest HTTP exceptions to coded envelopes', () => {
    expect(mapHttpError(new NotFoundException('Cannot GET /x')).body).toEqual({
      success: false,
      message: 'Cannot GET /x',
      error: { code: 'ROUTE.NOT_FOUND' },
    });
    const throttled = mapHttpError(new ThrottlerException());
    expect(throttled.status).toBe(429);
    expect((throttled.body as { error: { code: string } }).error.code).toBe('REQUEST.RATE_LIMITED');
    expect(mapHttpError(new BadRequestException(['a is bad', 'b is bad'])).body).toMatchObject({
      message: 'a is bad; b is bad',
    });
  });

  it('answers body-parser failures as 413 and 400', () => {
    expect(
      mapHttpError({ type: 'entity.too.large', status: 413, message: 'too large' }).status,
    ).toBe(413);
    const malformed = mapHttpError({
      type: 'entity.parse.failed',
      status: 400,
      message: 'Unexpected token } in JSON at position 7',
    });
    expect(malformed.status).toBe(400);
    expect((malformed.body as { message: string }).message).toBe('Request body is not valid JSON');
  });

  it('never leaks internals of unexpected errors', () => {
    for (const error of [
      new Error('relation "secret_table" does not exist'),
      new InternalServerErrorException('stack at /srv/app.js'),
      'boom',
    ]) {
      const mapped = mapHttpError(error);
      expect(mapped.status).toBe(500);
      expect(mapped.unexpected).toBe(true);
      expect(JSON.stringify(mapped.body)).not.toMatch(/secret_table|\/srv|boom/);
    }
    expect(mapHttpError(new HttpException('x', 418)).status).toBe(418);
  });
});
