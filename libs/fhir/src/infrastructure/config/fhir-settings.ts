import { ConfigError, EnvReader } from '@app/shared';
import type { OutboundRules } from '../../domain/outbound/address-policy.js';

/**
 * Settings of the FHIR libraries, read from the environment once at start and validated
 * like the service's own (every wrong variable named in one ConfigError).
 */
export class FhirSettings {
  /** Public origin of this service (`https://interop.example.org`), for sandbox and JWKS URLs. */
  publicBaseUrl?: string;
  timeoutMs!: number;
  maxRetries!: number;
  retryBaseDelayMs!: number;
  maxRetryDelayMs!: number;
  maxResponseBytes!: number;
  outbound!: OutboundRules;
  /** Implementation guide packages: the most bytes unpacked, and the most files. */
  guidePackageMaxBytes!: number;
  guidePackageMaxFiles!: number;

  static fromEnv(env: Record<string, string | undefined> = process.env): FhirSettings {
    const read = new EnvReader(env);
    const settings = new FhirSettings();
    settings.publicBaseUrl = read
      .url('FHIR_PUBLIC_BASE_URL', ['http:', 'https:'])
      ?.replace(/\/+$/, '');
    settings.timeoutMs = read.int('FHIR_CLIENT_TIMEOUT_MS', 30_000, 100, 600_000);
    settings.maxRetries = read.int('FHIR_CLIENT_MAX_RETRIES', 3, 0, 10);
    settings.retryBaseDelayMs = read.int('FHIR_CLIENT_RETRY_BASE_MS', 500, 1, 60_000);
    settings.maxRetryDelayMs = read.int('FHIR_CLIENT_MAX_RETRY_DELAY_MS', 30_000, 1, 600_000);
    settings.maxResponseBytes = read.byteSize('FHIR_CLIENT_MAX_RESPONSE_BYTES', '50mb');
    settings.guidePackageMaxBytes = read.byteSize('FHIR_IG_PACKAGE_MAX_BYTES', '50mb');
    settings.guidePackageMaxFiles = read.int('FHIR_IG_PACKAGE_MAX_FILES', 5000, 1, 100_000);
    settings.outbound = {
      allowLoopback: read.bool('FHIR_OUTBOUND_ALLOW_LOOPBACK', false),
      allowPrivate: read.bool('FHIR_OUTBOUND_ALLOW_PRIVATE', true),
      allowLinkLocal: read.bool('FHIR_OUTBOUND_ALLOW_LINK_LOCAL', false),
      allowSpecialPurpose: read.bool('FHIR_OUTBOUND_ALLOW_SPECIAL_PURPOSE', false),
    };
    if (settings.maxRetryDelayMs < settings.retryBaseDelayMs) {
      read.fail(
        'FHIR_CLIENT_MAX_RETRY_DELAY_MS must not be smaller than FHIR_CLIENT_RETRY_BASE_MS',
      );
    }
    if (read.problems.length > 0) throw new ConfigError(read.problems);
    return settings;
  }
}
