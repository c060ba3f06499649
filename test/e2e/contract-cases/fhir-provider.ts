import type { ContractCase, ContractContext } from '../../support/contract/contract-case.js';

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

const providerId = (context: ContractContext) => context.state.get('fhirProviderId') as string;
const sandboxId = (context: ContractContext) => context.state.get('sandboxProviderId') as string;

function idOf(body: unknown): string | undefined {
  return (body as { data?: { id?: string } }).data?.id;
}

export const cases: ContractCase[] = [
  {
    operation: 'POST /fhir-provider',
    title: 'registers an EHR with a client secret; a bad body is 400; a sandbox one 403',
    run: async (context) => {
      const created = await context.call('POST', '/fhir-provider', {
        body: {
          name: 'contract-ehr',
          description: 'main EHR',
          provider: 'hapi',
          base_url: 'https://fhir.example.org/r4',
          auth: {
            auth_method: 'client_secret',
            client_id: 'ehr-client',
            client_secret: 'first-secret-Zq8!x',
          },
        },
      });
      context.state.set('fhirProviderId', idOf(created.body));
      return [
        created,
        await context.call('POST', '/fhir-provider', {
          body: { name: '', provider: 'nope', base_url: 'not a url', auth: {} },
        }),
        await context.call('POST', '/fhir-provider', {
          body: {
            name: 'fake-sandbox',
            provider: 'sandbox',
            base_url: 'https://fhir.example.org/r4',
            auth: { auth_method: 'none' },
          },
        }),
        await context.call('POST', '/fhir-provider', {
          headers: { authorization: '' },
          body: { name: 'x', provider: 'hapi', base_url: 'https://x.org', auth: {} },
        }),
      ];
    },
  },
  {
    operation: 'GET /fhir-provider/list',
    title: 'the sandbox and the registered provider',
    run: async (context) => {
      const listed = await context.call('GET', '/fhir-provider/list');
      const providers = (listed.body as { fhir_providers?: { id: string; provider: string }[] })
        .fhir_providers;
      context.state.set('sandboxProviderId', providers?.find((p) => p.provider === 'sandbox')?.id);
      if (!providers?.some((provider) => provider.id === providerId(context))) {
        throw new Error('the registered provider is not under fhir_providers');
      }
      return [
        listed,
        await context.call('GET', '/fhir-provider/list', { headers: { authorization: '' } }),
      ];
    },
  },
  {
    operation: 'GET /fhir-provider/{fhir_provider_id}',
    title: 'a registered provider, the sandbox, an unknown id (404)',
    run: async (context) => [
      await context.call('GET', `/fhir-provider/${providerId(context)}`),
      await context.call('GET', `/fhir-provider/${sandboxId(context)}`),
      await context.call('GET', `/fhir-provider/${UNKNOWN_ID}`),
    ],
  },
  {
    operation: 'PATCH /fhir-provider/{fhir_provider_id}/add-auth-config',
    title: 'adds a second configuration with scopes and expiry; bad method 400; sandbox 403; 404',
    run: async (context) => {
      const added = await context.call(
        'PATCH',
        `/fhir-provider/${providerId(context)}/add-auth-config`,
        {
          body: {
            auth_method: 'client_secret',
            client_id: 'ehr-client-2',
            client_secret: 'second-secret-Kp3?y',
            scopes: 'system/Patient.read system/Observation.read',
            credential_expiry: '2999-01-01T00:00:00Z',
          },
        },
      );
      const configs = (added.body as { data?: { auth_configs?: Record<string, unknown> } }).data
        ?.auth_configs;
      context.state.set('authConfigIds', Object.keys(configs ?? {}));
      return [
        added,
        await context.call('PATCH', `/fhir-provider/${providerId(context)}/add-auth-config`, {
          body: { auth_method: 'bogus' },
        }),
        await context.call('PATCH', `/fhir-provider/${sandboxId(context)}/add-auth-config`, {
          body: { auth_method: 'none' },
        }),
        await context.call('PATCH', `/fhir-provider/${UNKNOWN_ID}/add-auth-config`, {
          body: { auth_method: 'none' },
        }),
      ];
    },
  },
  {
    operation: 'PATCH /fhir-provider/{fhir_provider_id}/set-active-auth-config',
    title: 'activates the second configuration; a missing id 400; an unknown one 404',
    run: async (context) => {
      const [, second] = context.state.get('authConfigIds') as string[];
      const path = `/fhir-provider/${providerId(context)}/set-active-auth-config`;
      return [
        await context.call('PATCH', path, { body: { auth_config_id: second } }),
        await context.call('PATCH', path, { body: {} }),
        await context.call('PATCH', path, { body: { auth_config_id: UNKNOWN_ID } }),
        await context.call('PATCH', `/fhir-provider/${sandboxId(context)}/set-active-auth-config`, {
          body: { auth_config_id: UNKNOWN_ID },
        }),
      ];
    },
  },
  {
    operation: 'PATCH /fhir-provider/{fhir_provider_id}/remove-auth-config',
    title: 'removing the active one is refused (400); the inactive one goes; unknown 404',
    run: async (context) => {
      const [first, second] = context.state.get('authConfigIds') as string[];
      const path = `/fhir-provider/${providerId(context)}/remove-auth-config`;
      return [
        await context.call('PATCH', path, { body: { auth_config_id: second } }),
        await context.call('PATCH', path, { body: { auth_config_id: first } }),
        await context.call('PATCH', path, { body: { auth_config_id: UNKNOWN_ID } }),
      ];
    },
  },
  {
    operation: 'DELETE /fhir-provider/{fhir_provider_id}',
    title: 'deletes a provider; the sandbox is refused (403); unknown 404',
    run: async (context) => {
      const created = await context.call('POST', '/fhir-provider', {
        body: {
          name: 'to-delete',
          provider: 'medplum',
          base_url: 'https://fhir.example.org/doomed',
          auth: { auth_method: 'none' },
        },
      });
      return [
        await context.call('DELETE', `/fhir-provider/${idOf(created.body)}`),
        await context.call('DELETE', `/fhir-provider/${sandboxId(context)}`),
        await context.call('DELETE', `/fhir-provider/${UNKNOWN_ID}`),
      ];
    },
  },
];
