import { All, Controller, Inject, Req, Res } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  FhirSettings,
  forwardedRequestHeaders,
  rewriteBundleLinks,
  type GatewayMethod,
  type GatewayResponse,
} from '@app/fhir';
import { CurrentTenant } from '@app/auth';
import { AppError, type Tenant } from '@app/shared';
import type { Request, Response } from 'express';
import { GetFhirGatewayQuery } from '../../application/queries/get-fhir-gateway/get-fhir-gateway.query.js';
import { gatewayFhirPath } from '../../domain/gateway-path.js';
import { parseOnBehalfOf, parseProviderTokens } from '../../domain/request-headers.js';
import { requestOrigin } from './request-origin.js';

const METHODS: readonly string[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
const FORM = 'application/x-www-form-urlencoded';

/**
 * The FHIR gateway: `/fhir-provider/{id}/fhir/{fhir_path}` passes the caller's FHIR request
 * to the provider's server with the credentials the service holds (or to the sandbox), and
 * returns the server's status, FHIR headers and body unchanged, except that the links of
 * bundles (paging) are rewritten to go through the gateway.
 */
@ApiTags('fhir-provider')
@ApiBearerAuth('bearer')
@Controller('fhir-provider/:fhir_provider_id/fhir')
export class FhirGatewayController {
  constructor(
    private readonly queries: QueryBus,
    @Inject(FhirSettings) private readonly settings: FhirSettings,
  ) {}

  @All(['', '{*fhir_path}'])
  @ApiOperation({
    summary:
      'FHIR gateway: read, search, create, update, patch, delete and bundles on a provider, with its credentials',
  })
  async forward(
    @CurrentTenant() tenant: Tenant,
    @Req() request: Request,
    @Res() response: Response,
  ): Promise<void> {
    const method = request.method.toUpperCase();
    if (!METHODS.includes(method)) {
      response.status(405).set('Allow', METHODS.join(', ')).end();
      return;
    }
    const providerReference = decodeURIComponent(request.params.fhir_provider_id as string);
    const marker = /^\/fhir-provider\/[^/]+\/fhir/.exec(request.path);
    if (!marker) throw AppError.notFound('NOT_FOUND', 'No such route');
    const path = gatewayFhirPath(request.path.slice(marker[0].length));
    const origin = requestOrigin(request, this.settings.publicBaseUrl);
    const gateway = await this.queries.execute(
      new GetFhirGatewayQuery(tenant.accountId, providerReference, origin, {
        providerTokens: parseProviderTokens(request.header('x-service-fhir-provider')),
        onBehalfOf: parseOnBehalfOf(request.header('x-service-on-behalf-of')),
      }),
    );
    const headers = forwardedRequestHeaders(request.headers);
    const answer = await gateway.forward({
      method: method as GatewayMethod,
      path,
      query: rawQuery(request.originalUrl),
      headers,
      body: requestBody(request, headers['content-type']),
    });
    const gatewayBase = `${origin}${marker[0]}`;
    // `end`, not `send`: Express would add an ETag of its own where the server gave none.
    response
      .status(answer.status)
      .set(answer.headers)
      .end(withGatewayLinks(answer, gateway.baseUrl, gatewayBase));
  }
}

function rawQuery(originalUrl: string): string {
  const mark = originalUrl.indexOf('?');
  return mark < 0 ? '' : originalUrl.slice(mark + 1);
}

/** The parsed body; a form body (POST `_search`) goes on as form text. */
function requestBody(request: Request, contentType: string | undefined): unknown {
  const body = request.body as unknown;
  if (body === undefined || request.method === 'GET' || request.method === 'DELETE') {
    return undefined;
  }
  if ((contentType ?? '').toLowerCase().startsWith(FORM)) {
    return new URLSearchParams(body as Record<string, string>).toString();
  }
  return body;
}

function withGatewayLinks(answer: GatewayResponse, upstreamBase: string, gatewayBase: string) {
  if (!/json/i.test(answer.headers['content-type'] ?? '') || answer.body.length === 0) {
    return answer.body;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body.toString('utf8'));
  } catch {
    return answer.body;
  }
  const rewritten = rewriteBundleLinks(parsed, upstreamBase, gatewayBase);
  return rewritten === parsed ? answer.body : Buffer.from(JSON.stringify(rewritten));
}
