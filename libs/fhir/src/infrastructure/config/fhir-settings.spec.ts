import { ConfigError } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { FhirSettings } from './fhir-settings.js';

describe('FhirSettings', () => {
  it('has safe defaults: no loopback, no link-local, private networks allowed', () => {
    const settings = FhirSettings.fromEnv({});
    expect(settings).toMatchObject({
      timeoutMs: 30_000,
      maxRetries: 3,
      retryBaseDelayMs: 500,
      maxRetryDelayMs: 30_000,
      maxResponseBytes: 50 * 1024 * 1024,
      outbound: {
        allowLoopback: false,
        allowPrivate: true,
        allowLinkLocal: false,
        allowSpecialPurpose: false,
      },
    });
    expect(settings.publicBaseUrl).toBeUndefined();
  });

  it('reads every variable', () => {
    const settings = FhirSettings.fromEnv({
      FHIR_PUBLIC_BASE_URL: 'https://interop.example.org/',
      FHIR_CLIENT_TIMEOUT_MS: '5000',
      FHIR_CLIENT_MAX_RETRIES: '0',
      FHIR_CLIENT_MAX_RESPONSE_BYTES: '1mb',
      FHIR_OUTBOUND_ALLOW_LOOPBACK: 'true',
      FHIR_OUTBOUND_ALLOW_PRIVATE: 'false',
    });
    expect(settings.publicBaseUrl).toBe('https://interop.example.org');
    expect(settings).toMatchObject({
      timeoutMs: 5000,
      maxRetries: 0,
      maxResponseBytes: 1024 * 1024,
    });
    expect(settings.outbound).toEqual({
      allowLoopback: true,
      allowPrivate: false,
      allowLinkLocal: false,
      allowSpecialPurpose: false,
    });
  });

  it('names every wrong variable at once', () => {
    let problems: string[] = [];
    try {
      FhirSettings.fromEnv({
        FHIR_PUBLIC_BASE_URL: 'ftp://x',
        FHIR_CLIENT_TIMEOUT_MS: 'fast',
        FHIR_OUTBOUND_ALLOW_LOOPBACK: 'sometimes',
        FHIR_CLIENT_RETRY_BASE_MS: '5000',
        FHIR_CLIENT_MAX_RETRY_DELAY_MS: '100',
      });
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      problems = (error as ConfigError).problems;
    }
    expect(problems.join('\n')).toMatch(/FHIR_PUBLIC_BASE_URL/);
    expect(problems.join('\n')).toMatch(/FHIR_CLIENT_TIMEOUT_MS/);
    expect(problems.join('\n')).toMatch(/FHIR_OUTBOUND_ALLOW_LOOPBACK/);
    expect(problems.join('\n')).toMatch(/FHIR_CLIENT_MAX_RETRY_DELAY_MS/);
  });
});
