import { describe, expect, it } from 'vitest';
import { clientAssertionClaims, serviceAccountClaims } from './client-assertion.js';

describe('assertion claims', () => {
  it('SMART backend services: iss = sub = client id, aud = token URL, five minutes', () => {
    const claims = clientAssertionClaims(
      'svc',
      'https://ehr/token',
      new Date('2025-01-01T00:00:00Z'),
      'j1',
    );
    expect(claims).toEqual({
      iss: 'svc',
      sub: 'svc',
      aud: 'https://ehr/token',
      iat: 1735689600,
      exp: 1735689900,
      jti: 'j1',
    });
  });

  it('service accounts: the scope travels in the assertion', () => {
    const claims = serviceAccountClaims('a@b', 'https://oauth/token', 'scope-x', new Date(0));
    expect(claims).toEqual({
      iss: 'a@b',
      scope: 'scope-x',
      aud: 'https://oauth/token',
      iat: 0,
      exp: 3600,
    });
  });
});
