import { describe, expect, it } from 'vitest';
import { REDACTED, redactFields, redactUrl } from './credential-redaction.js';

describe('credential redaction', () => {
  it('replaces the value of credential-shaped query parameters and keeps the rest', () => {
    expect(redactUrl('/v2/auth/clients?access_token=eyJ.a.b&limit=5')).toBe(
      `/v2/auth/clients?access_token=${REDACTED}&limit=5`,
    );
    expect(redactUrl('/v2/auth/token?client_id=c1&Client_Secret=s3cr3t#frag')).toBe(
      `/v2/auth/token?client_id=c1&Client_Secret=${REDACTED}`,
    );
    expect(redactUrl('/x?%61ccess_token=abc')).toBe(`/x?%61ccess_token=${REDACTED}`);
    expect(redactUrl('/x?code=1&password=p&q=fever')).toBe(
      `/x?code=${REDACTED}&password=${REDACTED}&q=fever`,
    );
  });

  it('leaves URLs without credentials untouched, malformed escapes included', () => {
    expect(redactUrl('/construe/codes/ICD-10-CM/search/text?q=asthma')).toBe(
      '/construe/codes/ICD-10-CM/search/text?q=asthma',
    );
    expect(redactUrl('/x?%E0%A4%A=1')).toBe('/x?%E0%A4%A=1');
    expect(redactUrl('/health')).toBe('/health');
  });

  it('redacts fields of query and form objects', () => {
    expect(redactFields({ client_id: 'c', client_secret: 's', token: 't' })).toEqual({
      client_id: 'c',
      client_secret: REDACTED,
      token: REDACTED,
    });
    expect(redactFields(['access_token'])).toEqual(['access_token']);
    expect(redactFields(undefined)).toBeUndefined();
  });
});
