import type {
  ContractCase,
  ContractContext,
  ContractResponse,
} from '../../support/contract/contract-case.js';

function basic(clientId: string, clientSecret: string): string {
  return `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
}

/** The headers the document gives the token answers: no caching of a token, Basic on a 401. */
async function tokenCall(
  context: ContractContext,
  headers: Record<string, string>,
  rawBody?: string,
): Promise<ContractResponse> {
  const response = await context.call('POST', '/v2/auth/token', {
    headers: { authorization: '', ...headers },
    rawBody,
  });
  if (response.status === 200 && response.headers['cache-control'] !== 'no-store') {
    throw new Error(`a token answer must carry Cache-Control: no-store`);
  }
  if (response.status === 401 && !/^Basic/.test(response.headers['www-authenticate'] ?? '')) {
    throw new Error('a 401 from the token endpoint must carry WWW-Authenticate: Basic');
  }
  return response;
}

export const cases: ContractCase[] = [
  {
    operation: 'POST /v2/auth/token',
    title:
      'Basic, form body and JSON body (the SDK) give a token; bad credentials 401; bad grant 400',
    run: async (context) => {
      const { clientId, clientSecret } = context.credentials;
      return [
        await tokenCall(context, { authorization: basic(clientId, clientSecret) }),
        await tokenCall(
          context,
          { 'content-type': 'application/x-www-form-urlencoded' },
          new URLSearchParams({
            grant_type: 'client_credentials',
            client_id: clientId,
            client_secret: clientSecret,
          }).toString(),
        ),
        await tokenCall(
          context,
          { 'content-type': 'application/json' },
          JSON.stringify({ client_id: clientId, client_secret: clientSecret }),
        ),
        await tokenCall(context, { authorization: basic(clientId, 'wrong-secret') }),
        await tokenCall(
          context,
          { 'content-type': 'application/json' },
          JSON.stringify({ client_id: clientId, client_secret: 'wrong-secret' }),
        ),
        await tokenCall(
          context,
          { 'content-type': 'application/json' },
          JSON.stringify({ grant_type: 'password', client_id: clientId, client_secret: 'x' }),
        ),
        await tokenCall(
          context,
          { 'content-type': 'application/json' },
          JSON.stringify({ client_id: clientId }),
        ),
        await tokenCall(context, {}),
      ];
    },
  },
];
