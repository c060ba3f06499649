import type { FhirTarget } from '../../application/ports/fhir-client.js';
import type { SandboxFhirServer } from '../../application/ports/sandbox-request.js';
import { readQuery } from '../../domain/search/query-string.js';
import type { FhirTransport, TransportRequest, TransportResponse } from './fhir-transport.js';

/** The account's sandbox, called in process: same router and storage as `/fhir/sandbox`. */
export class SandboxTransport implements FhirTransport {
  readonly target: FhirTarget;
  readonly label = 'The sandbox FHIR server';

  constructor(
    private readonly server: SandboxFhirServer,
    private readonly accountId: string,
    baseUrl: string,
  ) {
    this.target = { kind: 'sandbox', baseUrl };
  }

  async send(request: TransportRequest): Promise<TransportResponse> {
    const mark = request.path.indexOf('?');
    const path = mark < 0 ? request.path : request.path.slice(0, mark);
    const query = mark < 0 ? '' : request.path.slice(mark + 1);
    const response = await this.server.handle(this.accountId, this.target.baseUrl, {
      method: request.method,
      path,
      query: readQuery(`/?${query}`),
      // A deep copy: the router assigns ids into the bundle it is given.
      body: request.body === undefined ? undefined : structuredClone(request.body),
    });
    const headers = Object.fromEntries(
      Object.entries(response.headers).map(([name, value]) => [name.toLowerCase(), value]),
    );
    return { status: response.status, body: response.body, headers };
  }
}
