import { Inject, Injectable } from '@nestjs/common';
import { AppConfig } from '@app/shared';
import type { FhirClient } from '../../application/ports/fhir-client.js';
import type { FhirGateway } from '../../application/ports/fhir-gateway.js';
import type { RequestAuthorizer } from '../../application/ports/request-authorizer.js';
import { SandboxFhirServer } from '../../application/ports/sandbox-request.js';
import { FhirSettings } from '../config/fhir-settings.js';
import { OutboundHttp } from '../outbound/outbound-http.js';
import { HttpGateway } from './http-gateway.js';
import { HttpTransport, type HttpTransportSettings } from './http-transport.js';
import { RestFhirClient } from './rest-fhir-client.js';
import { SandboxGateway } from './sandbox-gateway.js';
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
    return new RestFhirClient(
      new SandboxTransport(this.sandboxServer, accountId, this.sandboxBaseUrl()),
    );
  }

  /** The sandbox behind the FHIR gateway; `origin` is the service as the caller reached it. */
  sandboxGateway(accountId: string, origin: string): FhirGateway {
    return new SandboxGateway(
      this.sandboxServer,
      accountId,
      `${this.settings.publicBaseUrl ?? origin}${SANDBOX_BASE_PATH}`,
    );
  }

  remoteGateway(options: { baseUrl: string; authorizer: RequestAuthorizer }): FhirGateway {
    return new HttpGateway(
      new URL(options.baseUrl),
      options.authorizer,
      this.http,
      this.transportSettings(),
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
        this.transportSettings(),
        options.providerId,
      ),
    );
  }

  private sandboxBaseUrl(): string {
    const origin = this.settings.publicBaseUrl ?? `http://localhost:${this.config.port}`;
    return `${origin}${SANDBOX_BASE_PATH}`;
  }

  private transportSettings(): HttpTransportSettings {
    return {
      timeoutMs: this.settings.timeoutMs,
      maxResponseBytes: this.settings.maxResponseBytes,
      maxRetries: this.settings.maxRetries,
      baseDelayMs: this.settings.retryBaseDelayMs,
      maxDelayMs: this.settings.maxRetryDelayMs,
    };
  }
}
