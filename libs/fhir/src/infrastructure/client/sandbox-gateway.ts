import type {
  FhirGateway,
  GatewayRequest,
  GatewayResponse,
} from '../../application/ports/fhir-gateway.js';
import type { SandboxFhirServer } from '../../application/ports/sandbox-request.js';
import { returnedResponseHeaders } from '../../domain/gateway/gateway-headers.js';
import { readQuery } from '../../domain/search/query-string.js';

/** The account's sandbox behind the gateway, called in process (same router as `/fhir/sandbox`). */
export class SandboxGateway implements FhirGateway {
  constructor(
    private readonly server: SandboxFhirServer,
    private readonly accountId: string,
    readonly baseUrl: string,
  ) {}

  async forward(request: GatewayRequest): Promise<GatewayResponse> {
    const response = await this.server.handle(this.accountId, this.baseUrl, {
      method: request.method,
      path: request.path,
      query: readQuery(`/?${request.query}`),
      // A form body (POST `_search`) arrives as text; the sandbox reads it as an object.
      body:
        typeof request.body === 'string'
          ? Object.fromEntries(new URLSearchParams(request.body))
          : request.body,
      ifMatch: request.headers['if-match'],
      ifNoneExist: request.headers['if-none-exist'],
    });
    return {
      status: response.status,
      headers: {
        ...returnedResponseHeaders(response.headers),
        'content-type': 'application/fhir+json; charset=utf-8',
      },
      body: Buffer.from(JSON.stringify(response.body)),
    };
  }
}
