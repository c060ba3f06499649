import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, waitForStatus, type Api } from '../support/construe-client.js';
import { PROFILES, startTestApp, type TestApp } from '../support/test-app.js';

type Json = Record<string, any>;

const BUILTIN_TOOLS = [
  'construe_search_text',
  'construe_search_semantic',
  'construe_extract',
  'lang2fhir_create',
  'fhir2omop',
  'fhir2summary',
];

const CODES = [
  { code: 'H001', description: 'Essential hypertension' },
  { code: 'H002', description: 'Type 2 diabetes mellitus without complications' },
  { code: 'H003', description: 'Acute bronchitis due to rhinovirus' },
];

function textOf(result: CallToolResult): string {
  return result.content.map((block) => (block.type === 'text' ? block.text : '')).join('');
}

describe.each(PROFILES)('the service as an MCP server (%s profile)', (profile) => {
  let api: TestApp;
  let acme: Api;
  let globex: Api;
  const clients: Client[] = [];

  beforeAll(async () => {
    api = await startTestApp(profile, { RATE_LIMIT_MAX: '100000' });
    acme = { baseUrl: api.baseUrl, token: await api.token(await api.createClient('acme')) };
    globex = { baseUrl: api.baseUrl, token: await api.token(await api.createClient('globex')) };
    const upload = await call(acme, 'POST', '/construe/upload', {
      name: 'mcp_conditions',
      version: '1',
      format: 'json',
      codes: CODES,
    });
    expect(upload.status).toBe(202);
    expect((await waitForStatus(acme, 'mcp_conditions', '1')).status).toBe('ready');
  });

  afterAll(async () => {
    await Promise.allSettled(clients.map((client) => client.close()));
    await api?.close();
  });

  async function connect(token: string | null): Promise<Client> {
    const client = new Client({ name: 'e2e-test', version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(`${api.baseUrl}/mcp`), {
      requestInit: token === null ? {} : { headers: { Authorization: `Bearer ${token}` } },
    });
    await client.connect(transport);
    clients.push(client);
    return client;
  }

  const callTool = async (client: Client, name: string, args: Json) =>
    (await client.callTool({ name, arguments: args })) as CallToolResult;

  it('lists the builtin tools with their input schemas to a client with a bearer token', async () => {
    const client = await connect(acme.token);
    const { tools } = await client.listTools();
    const names = tools.map((tool: Json) => tool.name as string);
    expect(names).toEqual(expect.arrayContaining(BUILTIN_TOOLS));
    const search = tools.find((tool) => tool.name === 'construe_search_text')!;
    expect(search.inputSchema.required).toEqual(expect.arrayContaining(['system', 'query']));
    expect(Object.keys(search.inputSchema.properties ?? {})).toEqual(
      expect.arrayContaining(['system', 'query', 'limit', 'version']),
    );
    expect(client.getServerVersion()?.name).toBe('clinical-interop');
  });

  it("calls construe search over HTTP and gets the account's codes", async () => {
    const client = await connect(acme.token);
    const result = await callTool(client, 'construe_search_text', {
      system: 'mcp_conditions',
      query: 'hypertension',
    });
    expect(result.isError).toBeFalsy();
    const payload = JSON.parse(textOf(result)) as Json;
    expect(payload.system).toEqual({ name: 'MCP_CONDITIONS', version: '1' });
    expect(payload.results[0]).toMatchObject({
      code: 'H001',
      description: 'Essential hypertension',
    });
    expect(result.structuredContent).toEqual(payload);

    const extracted = await callTool(client, 'construe_extract', {
      text: 'History of essential hypertension, now acute bronchitis due to rhinovirus.',
      system: 'mcp_conditions',
    });
    expect(extracted.isError).toBeFalsy();
    expect(
      (JSON.parse(textOf(extracted)) as Json).codes.map((code: Json) => code.code as string).sort(),
    ).toEqual(['H001', 'H003']);

    const semantic = await callTool(client, 'construe_search_semantic', {
      system: 'mcp_conditions',
      text: 'bronchitis caused by rhinovirus',
      limit: 1,
    });
    expect(semantic.isError).toBeFalsy();
    expect(
      (JSON.parse(textOf(semantic)) as Json).results.map((code: Json) => code.code as string),
    ).toEqual(['H003']);
  });

  it('calls lang2fhir create over HTTP and gets a FHIR resource back', async () => {
    const client = await connect(acme.token);
    const result = await callTool(client, 'lang2fhir_create', {
      resource: 'patient',
      text: 'Patient Jane Roe, female, DOB 1980-04-12.',
    });
    expect(result.isError, textOf(result)).toBeFalsy();
    const payload = JSON.parse(textOf(result)) as Json;
    expect(payload.resource.resourceType).toBe('Patient');
    expect(JSON.stringify(payload.resource.name)).toContain('Roe');
    expect(payload.resource_kind).toBe('patient');
    expect(Array.isArray(payload.derivations)).toBe(true);
  });

  it('summarises FHIR data with fhir2summary', async () => {
    const client = await connect(acme.token);
    const result = await callTool(client, 'fhir2summary', {
      mode: 'flatten',
      fhir_resources: {
        resourceType: 'Patient',
        id: 'p1',
        name: [{ family: 'Okafor', given: ['Ada'] }],
        gender: 'female',
      },
    });
    expect(result.isError, textOf(result)).toBeFalsy();
    expect((JSON.parse(textOf(result)) as Json).summary).toContain('Okafor');
  });

  it('maps FHIR to OMOP with fhir2omop', async () => {
    const client = await connect(acme.token);
    const result = await callTool(client, 'fhir2omop', {
      fhir_resources: {
        resourceType: 'Patient',
        id: 'p1',
        gender: 'female',
        birthDate: '1980-04-12',
      },
    });
    expect(result.isError, textOf(result)).toBeFalsy();
    const person = (JSON.parse(textOf(result)) as Json).tables.person as Json[];
    expect(person).toHaveLength(1);
    expect(person[0]).toMatchObject({ year_of_birth: 1980, month_of_birth: 4, day_of_birth: 12 });
  });

  it('answers tool failures as MCP tool errors, not HTTP errors', async () => {
    const client = await connect(acme.token);
    const unknownSystem = await callTool(client, 'construe_search_text', {
      system: 'no_such_system',
      query: 'x',
    });
    expect(unknownSystem.isError).toBe(true);
    expect(JSON.parse(textOf(unknownSystem))).toMatchObject({
      error: { code: 'CONSTRUE.SYSTEM_NOT_FOUND' },
    });

    const badArguments = await callTool(client, 'construe_search_text', {
      system: 'mcp_conditions',
      query: 'x',
      limit: 500,
    });
    expect(badArguments.isError).toBe(true);
    expect(textOf(badArguments)).toContain('limit');

    const unknownTool = await callTool(client, 'no_such_tool', {});
    expect(unknownTool.isError).toBe(true);

    // The same failure over raw HTTP: a 200 carrying a JSON-RPC result with isError.
    const response = await fetch(`${api.baseUrl}/mcp`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${acme.token}`,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'tools/call',
        params: { name: 'construe_search_text', arguments: { system: 'nope', query: 'x' } },
      }),
    });
    expect(response.status).toBe(200);
    const body = (await response.json()) as Json;
    expect(body).toMatchObject({ jsonrpc: '2.0', id: 7, result: { isError: true } });
  });

  it("keeps accounts apart: another account's code system is not found", async () => {
    const client = await connect(globex.token);
    const result = await callTool(client, 'construe_search_text', {
      system: 'mcp_conditions',
      query: 'hypertension',
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('CONSTRUE.SYSTEM_NOT_FOUND');
  });

  it('refuses a client without a bearer token, or with a bad one (401)', async () => {
    for (const token of [null, 'not-a-token']) {
      const refused = await connect(token).then(
        () => null,
        (error: unknown) => error as { code?: number; message: string },
      );
      expect(refused?.code).toBe(401);
    }
    const response = await fetch(`${api.baseUrl}/mcp`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list', params: {} }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
  });

  it('answers GET and DELETE with 405 (stateless endpoint: no stream, no sessions)', async () => {
    for (const method of ['GET', 'DELETE']) {
      const response = await fetch(`${api.baseUrl}/mcp`, {
        method,
        headers: { Authorization: `Bearer ${acme.token}`, Accept: 'text/event-stream' },
      });
      expect(response.status).toBe(405);
      expect(response.headers.get('allow')).toBe('POST');
    }
  });

  describe('workflows as tools', () => {
    const createWorkflow = async (owner: Api, name: string) => {
      const providers = await call(owner, 'GET', '/fhir-provider/list');
      const response = await call(owner, 'POST', '/workflows', {
        name,
        workflow_instructions: 'Create a patient with the given family name and gender',
        sample_data: { family_name: 'Doe', gender: 'female' },
        fhir_provider_id: providers.body.fhir_providers[0].id,
      });
      expect(response.status, JSON.stringify(response.body)).toBe(200);
      return response.body.workflow_id as string;
    };

    it("offers each of the caller's workflows as a tool, with its sample data fields as inputs", async () => {
      await createWorkflow(acme, 'Register patient');
      await createWorkflow(globex, 'Globex secret flow');
      const client = await connect(acme.token);
      const { tools } = await client.listTools();
      const tool = tools.find((candidate) => candidate.name === 'workflow_register_patient');
      expect(tool, JSON.stringify(tools.map((t: Json) => t.name as string))).toBeDefined();
      const inputData = (tool!.inputSchema.properties as Json).input_data as Json;
      expect(Object.keys(inputData.properties as Json).sort()).toEqual(['family_name', 'gender']);
      expect(tools.map((candidate: Json) => candidate.name as string)).not.toContain(
        'workflow_globex_secret_flow',
      );

      const result = await callTool(client, 'workflow_register_patient', {
        input_data: { family_name: 'Mbeki', gender: 'male' },
        preview: true,
      });
      expect(result.isError, textOf(result)).toBeFalsy();
      expect(textOf(result)).toContain('Mbeki');
    });
  });
});
