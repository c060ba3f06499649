import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '@app/shared';
import type { FhirClient } from '../../application/ports/fhir-client.js';
import type { RequestAuthorizer } from '../../application/ports/request-authorizer.js';
import { SandboxFhirServer } from '../../application/ports/sandbox-request.js';
import { FhirSettings } from '../config/fhir-settings.js';
import { OutboundHttp } from '../outbound/outbound-http.js';
import { HttpTransport } from './http-transport.js';
import { RestFhirClient } from './rest-fhir-client.js';
import { SandboxTransport } from './sandbox-transport.js';

export const SANDBOX_BASE_PATH = '/fhir/sandbox';

/** Makes FHIR clients: for an account's sandbox (in process) or for a remote server. */
@Injectable()
export class FhirClientFactory {
  constructor(
    private readonly sandboxServer: SandboxFhirServer,
    private readonly http: OutboundHttp,
    @Inject(FhirSettings) private readonly settings: FhirSettings,
    @Inject(AppConfig) private readonly config: AppConfig,
  ) {}

  sandbox(accountId: string): FhirClient {
    const origin = this.settings.publicBaseUrl ?? `http://localhost:${this.config.port}`;
    return new RestFhirClient(
      new SandboxTransport(this.sandboxServer, accountId, `${origin}${SANDBOX_BASE_PATH}`),
    );
  }

  remote(options: {
    baseUrl: string;
    authorizer: RequestAuthorizer;
    providerId?: string;
  }): FhirClient {
    return new RestFhirClient(
      new HttpTransport(
        new URL(options.baseUrl),
        options.authorizer,
        this.http,
        {
          timeoutMs: this.settings.timeoutMs,
          maxResponseBytes: this.settings.maxResponseBytes,
          maxRetries: this.settings.maxRetries,
          baseDelayMs: this.settings.retryBaseDelayMs,
          maxDelayMs: this.settings.maxRetryDelayMs,
        },
        options.providerId,
      ),
    );
  }
}
