import { expect } from 'vitest';
import type {
  ContractCase,
  ContractContext,
  ContractResponse,
} from '../../support/contract/contract-case.js';
import { companion } from './agents-companion.js';

/**
 * MCP servers and their tools. A server on loopback (the MCP tool test server) is only
 * allowed with FHIR_OUTBOUND_ALLOW_LOOPBACK, so those cases run on the companion API;
 * what needs no outbound call runs on the harness's API.
 */
type Json = Record<string, any>;

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

function expectStatus(response: ContractResponse, status: number): ContractResponse {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  return response;
}

function id(context: ContractContext, key: string): string {
  const value = context.state.get(key);
  if (typeof value !== 'string') throw new Error(`${key} was not set by an earlier case`);
  return value;
}

export const cases: ContractCase[] = [
  {
    operation: 'POST /tools/mcp-server/create',
    title: 'registers an MCP server and lists its tools at once; a body without a name is 400',
    async run(context) {
      const api = await companion(context);
      const created = expectStatus(
        await api.call('POST', '/tools/mcp-server/create', {
          body: { name: 'My MCP Server', mcp_server_url: api.toolServerUrl },
        }),
        200,
      );
      const body = created.body as Json;
      expect((body.mcp_server_tools as Json[]).map((tool) => tool.name as string).sort()).toEqual([
        'drug_class',
        'lookup_allergy',
      ]);
      context.state.set('tools.serverId', body.mcp_servers[0].id);
      return [
        created,
        expectStatus(
          await context.call('POST', '/tools/mcp-server/create', {
            body: { mcp_server_url: 'https://mcp.example.com' },
          }),
          400,
        ),
      ];
    },
  },
  {
    operation: 'GET /tools/mcp-server/list',
    title: 'lists the MCP servers under "mcp_servers"',
    async run(context) {
      const api = await companion(context);
      const list = expectStatus(await api.call('GET', '/tools/mcp-server/list'), 200);
      const ids = ((list.body as Json).mcp_servers as Json[]).map((server) => server.id as string);
      expect(ids).toContain(id(context, 'tools.serverId'));
      return [list, expectStatus(await context.call('GET', '/tools/mcp-server/list'), 200)];
    },
  },
  {
    operation: 'GET /tools/mcp-server/{mcp_server_id}',
    title: 'reads an MCP server; an unknown id is 404',
    async run(context) {
      const api = await companion(context);
      return [
        expectStatus(
          await api.call('GET', `/tools/mcp-server/${id(context, 'tools.serverId')}`),
          200,
        ),
        expectStatus(await context.call('GET', `/tools/mcp-server/${UNKNOWN_ID}`), 404),
      ];
    },
  },
  {
    operation: 'GET /tools/mcp-server/{mcp_server_id}/list',
    title: "lists a server's tools under mcp_server_tools",
    async run(context) {
      const api = await companion(context);
      const list = expectStatus(
        await api.call('GET', `/tools/mcp-server/${id(context, 'tools.serverId')}/list`),
        200,
      );
      const tool = ((list.body as Json).mcp_server_tools as Json[]).find(
        (item) => item.name === 'drug_class',
      );
      context.state.set('tools.toolId', tool?.id);
      return list;
    },
  },
  {
    operation: 'GET /tools/mcp-server/tool/{mcp_server_tool_id}',
    title: 'reads one tool; an unknown id is 404',
    async run(context) {
      const api = await companion(context);
      return [
        expectStatus(
          await api.call('GET', `/tools/mcp-server/tool/${id(context, 'tools.toolId')}`),
          200,
        ),
        expectStatus(await context.call('GET', `/tools/mcp-server/tool/${UNKNOWN_ID}`), 404),
      ];
    },
  },
  {
    operation: 'DELETE /tools/mcp-server/tool/{mcp_server_tool_id}',
    title: 'removes one tool; again is 404',
    async run(context) {
      const api = await companion(context);
      const path = `/tools/mcp-server/tool/${id(context, 'tools.toolId')}`;
      return [
        expectStatus(await api.call('DELETE', path), 200),
        expectStatus(await api.call('DELETE', path), 404),
      ];
    },
  },
  {
    operation: 'DELETE /tools/mcp-server/{mcp_server_id}',
    title: 'deletes an MCP server; again is 404',
    async run(context) {
      const api = await companion(context);
      const path = `/tools/mcp-server/${id(context, 'tools.serverId')}`;
      return [
        expectStatus(await api.call('DELETE', path), 200),
        expectStatus(await api.call('DELETE', path), 404),
      ];
    },
  },
  {
    operation: 'POST /tools/lang2fhir-and-create',
    title: 'creates one resource from text in the sandbox; a body without text is 400',
    async run(context) {
      const created = expectStatus(
        await context.call('POST', '/tools/lang2fhir-and-create', {
          body: {
            resource: 'condition-problems-health-concerns',
            text: 'History of hypertension.',
          },
        }),
        200,
      );
      expect((created.body as Json).fhir_id).toBe((created.body as Json).fhir_resource.id);
      return [
        created,
        expectStatus(
          await context.call('POST', '/tools/lang2fhir-and-create', { body: { resource: 'auto' } }),
          400,
        ),
      ];
    },
  },
  {
    operation: 'POST /tools/lang2fhir-and-create-multi',
    title: 'creates linked resources from text in the sandbox provider; no provider is 400',
    async run(context) {
      const providers = expectStatus(await context.call('GET', '/fhir-provider/list'), 200);
      const sandbox = ((providers.body as Json).fhir_providers as Json[]).find(
        (provider) => provider.provider === 'sandbox',
      );
      const text = 'Jane Doe, 32 year old female, diagnosed with iron deficiency anemia.';
      return [
        expectStatus(
          await context.call('POST', '/tools/lang2fhir-and-create-multi', {
            body: { text, provider: sandbox?.id as string },
          }),
          200,
        ),
        expectStatus(
          await context.call('POST', '/tools/lang2fhir-and-create-multi', { body: { text } }),
          400,
        ),
      ];
    },
  },
];
