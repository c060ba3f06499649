import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROFILES, startTestApp, type TestApp } from '../support/test-app.js';

type Json = Record<string, any>;

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const HEADER_SECRET = 'x-api-key-value-8d1f!';
const BEARER_SECRET = 'bearer-secret-3c9e?';

describe.each(PROFILES)('agents, prompts and tool servers (%s profile)', (profile) => {
  let api: TestApp;
  let acme: string;
  let globex: string;

  beforeAll(async () => {
    process.env.FHIR_OUTBOUND_ALLOW_LOOPBACK = 'true';
    api = await startTestApp(profile, { RATE_LIMIT_MAX: '100000' });
    acme = await api.token(await api.createClient('acme'));
    globex = await api.token(await api.createClient('globex', 'free'));
  });

  afterAll(async () => {
    delete process.env.FHIR_OUTBOUND_ALLOW_LOOPBACK;
    await api?.close();
  });

  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const response = await fetch(`${api.baseUrl}${path}`, {
      method,
      headers: {
        Authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: JSON.parse(text) as Json, text };
  };

  const createPrompt = async (token: string, extra: Json = {}) => {
    const { status, body } = await call('POST', '/agent/prompts', token, {
      name: `prompt-${Math.random().toString(36).slice(2, 8)}`,
      content: 'You are a careful clinical coder.',
      ...extra,
    });
    expect(status).toBe(201);
    return body.data as Json;
  };

  const createAgent = async (token: string, body: Json) => {
    const response = await call('POST', '/agent/create', token, body);
    expect(response.status, response.text).toBe(201);
    return response.body.data as Json;
  };

  const sandboxId = async (token: string) => {
    const { body } = await call('GET', '/fhir-provider/list', token);
    return (body.fhir_providers as Json[]).find((provider) => provider.provider === 'sandbox')!
      .id as string;
  };

  describe('prompts', () => {
    it('creates a prompt (201) with defaults for the optional fields, and reads it back', async () => {
      const created = await call('POST', '/agent/prompts', acme, {
        name: 'Coder',
        content: 'Code the note with ICD-10-CM.',
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        success: true,
        data: {
          name: 'Coder',
          description: '',
          content: 'Code the note with ICD-10-CM.',
          is_default: false,
          tags: [],
        },
      });
      const id = created.body.data.id as string;
      const read = await call('GET', `/agent/prompts/${id}`, acme);
      expect(read.status).toBe(200);
      expect(read.body.data).toEqual(created.body.data);
      const list = await call('GET', '/agent/prompts/list', acme);
      expect(list.body.prompts.map((prompt: Json) => prompt.id as string)).toContain(id);
    });

    it('refuses a prompt without content or with a non-boolean is_default, naming the field', async () => {
      const noContent = await call('POST', '/agent/prompts', acme, { name: 'x' });
      expect(noContent.status).toBe(400);
      expect(noContent.body.error.code).toBe('REQUEST.VALIDATION_FAILED');
      expect(noContent.body.error.details.map((v: Json) => v.field as string)).toContain('content');
      const badDefault = await call('POST', '/agent/prompts', acme, {
        name: 'x',
        content: 'y',
        is_default: 'yes',
      });
      expect(badDefault.status).toBe(400);
      expect(badDefault.body.error.details.map((v: Json) => v.field as string)).toContain(
        'is_default',
      );
    });

    it('replaces a prompt with PUT', async () => {
      const prompt = await createPrompt(acme);
      const replaced = await call('PUT', `/agent/prompts/${prompt.id}`, acme, {
        name: 'Renamed',
        content: 'New content',
        tags: ['a', 'b'],
        description: 'desc',
      });
      expect(replaced.status).toBe(200);
      expect(replaced.body.data).toMatchObject({
        id: prompt.id,
        name: 'Renamed',
        content: 'New content',
        tags: ['a', 'b'],
        description: 'desc',
        is_default: false,
      });
      expect((await call('GET', `/agent/prompts/${prompt.id}`, acme)).body.data.name).toBe(
        'Renamed',
      );
    });

    it('keeps at most one default prompt per account: a new default clears the old one', async () => {
      const first = await createPrompt(acme, { is_default: true });
      const second = await createPrompt(acme, { is_default: true });
      expect(second.is_default).toBe(true);
      expect((await call('GET', `/agent/prompts/${first.id}`, acme)).body.data.is_default).toBe(
        false,
      );
      // PUT makes the first the default again.
      const put = await call('PUT', `/agent/prompts/${first.id}`, acme, {
        name: first.name,
        content: first.content,
        is_default: true,
      });
      expect(put.body.data.is_default).toBe(true);
      const list = (await call('GET', '/agent/prompts/list', acme)).body.prompts as Json[];
      expect(
        list
          .filter((prompt: Json) => prompt.is_default as string)
          .map((prompt: Json) => prompt.id as string),
      ).toEqual([first.id]);
      // Another account's default is its own business.
      const globexDefault = await createPrompt(globex, { is_default: true });
      expect((await call('GET', `/agent/prompts/${first.id}`, acme)).body.data.is_default).toBe(
        true,
      );
      expect(globexDefault.is_default).toBe(true);
    });

    it('leaves exactly one default when several defaults are created at the same time', async () => {
      const results = await Promise.all(
        Array.from({ length: 5 }, (_, index) =>
          call('POST', '/agent/prompts', acme, {
            name: `concurrent-${index}`,
            content: 'c',
            is_default: true,
          }),
        ),
      );
      expect(results.map((result) => result.status)).toEqual([201, 201, 201, 201, 201]);
      const list = (await call('GET', '/agent/prompts/list', acme)).body.prompts as Json[];
      expect(list.filter((prompt: Json) => prompt.is_default as string)).toHaveLength(1);
    });

    it("answers 404 for another account's prompt and for unknown or malformed ids", async () => {
      const prompt = await createPrompt(acme);
      for (const [method, body] of [
        ['GET', undefined],
        ['PUT', { name: 'n', content: 'c' }],
        ['DELETE', undefined],
      ] as const) {
        const response = await call(method, `/agent/prompts/${prompt.id}`, globex, body);
        expect(response.status).toBe(404);
        expect(response.body.error.code).toBe('AGENTS.PROMPT_NOT_FOUND');
      }
      expect((await call('GET', `/agent/prompts/${UNKNOWN_ID}`, acme)).status).toBe(404);
      expect((await call('GET', '/agent/prompts/not-a-uuid', acme)).status).toBe(404);
      const globexList = (await call('GET', '/agent/prompts/list', globex)).body.prompts as Json[];
      expect(globexList.map((p: Json) => p.id as string)).not.toContain(prompt.id);
      // Still there for its owner.
      expect((await call('GET', `/agent/prompts/${prompt.id}`, acme)).status).toBe(200);
    });

    it('deletes an unused prompt; a prompt an agent uses is a 409 naming the agent', async () => {
      const unused = await createPrompt(acme);
      expect((await call('DELETE', `/agent/prompts/${unused.id}`, acme)).status).toBe(200);
      expect((await call('GET', `/agent/prompts/${unused.id}`, acme)).status).toBe(404);

      const used = await createPrompt(acme);
      const agent = await createAgent(acme, { name: 'Prompt user', prompts: [used.id] });
      const refused = await call('DELETE', `/agent/prompts/${used.id}`, acme);
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('AGENTS.PROMPT_IN_USE');
      expect(refused.body.message).toContain('Prompt user');
      expect(refused.body.error.details.agents).toEqual([{ id: agent.id, name: 'Prompt user' }]);
      expect((await call('GET', `/agent/prompts/${used.id}`, acme)).status).toBe(200);

      expect((await call('DELETE', `/agent/${agent.id}`, acme)).status).toBe(200);
      expect((await call('DELETE', `/agent/prompts/${used.id}`, acme)).status).toBe(200);
    });
  });

  describe('agents', () => {
    it("creates an agent (201); without a provider it uses the account's sandbox provider", async () => {
      const prompt = await createPrompt(acme);
      const created = await call('POST', '/agent/create', acme, {
        name: 'Coder agent',
        description: 'Codes notes',
        prompts: [prompt.id],
        tags: ['coding'],
      });
      expect(created.status).toBe(201);
      expect(created.body).toMatchObject({
        success: true,
        data: {
          name: 'Coder agent',
          description: 'Codes notes',
          prompts: [prompt.id],
          tools: [],
          workflows: [],
          tags: ['coding'],
          provider: await sandboxId(acme),
        },
      });
      const read = await call('GET', `/agent/${created.body.data.id}`, acme);
      expect(read.status).toBe(200);
      expect(read.body.data).toEqual(created.body.data);
      const list = (await call('GET', '/agent/list', acme)).body.agents as Json[];
      expect(list.map((agent: Json) => agent.id as string)).toContain(created.body.data.id);
    });

    it('stores providers as ids in the shape given: the name "sandbox" or a list', async () => {
      const sandbox = await sandboxId(acme);
      const byName = await createAgent(acme, { name: 'a', prompts: [], provider: 'sandbox' });
      expect(byName.provider).toBe(sandbox);
      const asList = await createAgent(acme, { name: 'b', prompts: [], provider: [sandbox] });
      expect(asList.provider).toEqual([sandbox]);
    });

    it('keeps the order of the prompts as given', async () => {
      const one = await createPrompt(acme);
      const two = await createPrompt(acme);
      const three = await createPrompt(acme);
      const agent = await createAgent(acme, {
        name: 'ordered',
        prompts: [three.id, one.id, two.id],
      });
      expect(agent.prompts).toEqual([three.id, one.id, two.id]);
      const read = await call('GET', `/agent/${agent.id}`, acme);
      expect(read.body.data.prompts).toEqual([three.id, one.id, two.id]);
    });

    it('names every missing prompt, tool, workflow and provider id in one 400', async () => {
      const response = await call('POST', '/agent/create', acme, {
        name: 'broken',
        prompts: [UNKNOWN_ID, 'not-a-uuid'],
        tools: ['11111111-1111-4111-8111-111111111111'],
        workflows: ['22222222-2222-4222-8222-222222222222'],
        provider: ['sandbox', 'no-such-provider'],
      });
      expect(response.status).toBe(400);
      expect(response.body.error.code).toBe('AGENTS.UNKNOWN_REFERENCES');
      expect(response.body.error.details).toEqual({
        prompts: [UNKNOWN_ID, 'not-a-uuid'],
        tools: ['11111111-1111-4111-8111-111111111111'],
        workflows: ['22222222-2222-4222-8222-222222222222'],
        provider: ['no-such-provider'],
      });
      for (const id of [UNKNOWN_ID, 'not-a-uuid', 'no-such-provider']) {
        expect(response.body.message).toContain(id);
      }
      const list = (await call('GET', '/agent/list', acme)).body.agents as Json[];
      expect(list.map((agent: Json) => agent.name as string)).not.toContain('broken');
    });

    it("treats another account's prompts, tool servers and providers as missing", async () => {
      const globexPrompt = await createPrompt(globex);
      const globexServer = (
        await call('POST', '/tools/mcp-server', globex, {
          name: 'globex-tools',
          url: 'https://tools.example.org/mcp',
        })
      ).body.data as Json;
      const globexSandbox = await sandboxId(globex);
      const response = await call('POST', '/agent/create', acme, {
        name: 'thief',
        prompts: [globexPrompt.id],
        tools: [globexServer.id],
        provider: globexSandbox,
      });
      expect(response.status).toBe(400);
      expect(response.body.error.details).toEqual({
        prompts: [globexPrompt.id],
        tools: [globexServer.id],
        provider: [globexSandbox],
      });
    });

    it('refuses malformed bodies with the field named', async () => {
      const cases: [Json, string][] = [
        [{ name: 'x' }, 'prompts'],
        [{ name: 'x', prompts: [UNKNOWN_ID, UNKNOWN_ID] }, 'prompts'],
        [{ name: 'x', prompts: [], provider: [] }, 'provider'],
        [{ name: 'x', prompts: [], provider: 5 }, 'provider'],
        [{ prompts: [] }, 'name'],
        [{ name: 'x', prompts: [], workflows: 'w' }, 'workflows'],
        [{ name: 'x', prompts: [], surprise: true }, 'surprise'],
      ];
      for (const [body, field] of cases) {
        const response = await call('POST', '/agent/create', acme, body);
        expect(response.status, JSON.stringify(body)).toBe(400);
        expect(response.body.error.code).toBe('REQUEST.VALIDATION_FAILED');
        expect(response.body.error.details.map((v: Json) => v.field as string)).toContain(field);
      }
    });

    it('replaces an agent with PUT, checking references again', async () => {
      const one = await createPrompt(acme);
      const two = await createPrompt(acme);
      const agent = await createAgent(acme, { name: 'before', prompts: [one.id] });
      const replaced = await call('PUT', `/agent/${agent.id}`, acme, {
        name: 'after',
        prompts: [two.id, one.id],
        tags: ['x'],
      });
      expect(replaced.status).toBe(200);
      expect(replaced.body.data).toMatchObject({
        id: agent.id,
        name: 'after',
        prompts: [two.id, one.id],
        tags: ['x'],
      });
      // The first prompt is free again once no agent links it.
      const again = await call('PUT', `/agent/${agent.id}`, acme, {
        name: 'after',
        prompts: [two.id],
      });
      expect(again.status).toBe(200);
      expect((await call('DELETE', `/agent/prompts/${one.id}`, acme)).status).toBe(200);

      const bad = await call('PUT', `/agent/${agent.id}`, acme, {
        name: 'after',
        prompts: [UNKNOWN_ID],
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.details).toEqual({ prompts: [UNKNOWN_ID] });
      expect((await call('GET', `/agent/${agent.id}`, acme)).body.data.prompts).toEqual([two.id]);
    });

    it("answers 404 for another account's agent and for unknown ids", async () => {
      const agent = await createAgent(acme, { name: 'private', prompts: [] });
      for (const [method, body] of [
        ['GET', undefined],
        ['PUT', { name: 'n', prompts: [] }],
        ['DELETE', undefined],
      ] as const) {
        const response = await call(method, `/agent/${agent.id}`, globex, body);
        expect(response.status).toBe(404);
        expect(response.body.error.code).toBe('AGENTS.AGENT_NOT_FOUND');
      }
      expect((await call('GET', `/agent/${UNKNOWN_ID}`, acme)).status).toBe(404);
      expect(
        ((await call('GET', '/agent/list', globex)).body.agents as Json[]).map(
          (a) => a.id as string,
        ),
      ).not.toContain(agent.id);
      expect((await call('GET', `/agent/${agent.id}`, acme)).status).toBe(200);
    });

    it('deletes an agent', async () => {
      const agent = await createAgent(acme, { name: 'short-lived', prompts: [] });
      const deleted = await call('DELETE', `/agent/${agent.id}`, acme);
      expect(deleted.status).toBe(200);
      expect(deleted.body.success).toBe(true);
      expect((await call('GET', `/agent/${agent.id}`, acme)).status).toBe(404);
      expect((await call('DELETE', `/agent/${agent.id}`, acme)).status).toBe(404);
    });
  });

  describe('agents and workflows', () => {
    const createWorkflow = async (token: string, name: string) => {
      const response = await call('POST', '/workflows', token, {
        name,
        workflow_instructions: 'Create a patient with the given family name and gender',
        sample_data: { family_name: 'Doe', gender: 'female' },
        fhir_provider_id: await sandboxId(token),
      });
      expect(response.status, response.text).toBe(200);
      return response.body.workflow_id as string;
    };

    it('offers workflows of the account; unknown and foreign workflow ids are a 400', async () => {
      const own = await createWorkflow(acme, 'acme workflow');
      const foreign = await createWorkflow(globex, 'globex workflow');
      const agent = await createAgent(acme, { name: 'wf agent', prompts: [], workflows: [own] });
      expect(agent.workflows).toEqual([own]);
      const refused = await call('POST', '/agent/create', acme, {
        name: 'wf thief',
        prompts: [],
        workflows: [own, foreign],
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error.details).toEqual({ workflows: [foreign] });
    });

    it('makes deleting a workflow an agent uses a 409 naming the agent', async () => {
      const workflow = await createWorkflow(acme, 'used workflow');
      const agent = await createAgent(acme, {
        name: 'wf user',
        prompts: [],
        workflows: [workflow],
      });
      const refused = await call('DELETE', `/workflows/${workflow}`, acme);
      expect(refused.status).toBe(409);
      expect(refused.text).toContain('wf user');
      expect(refused.text).toContain(agent.id);
      expect((await call('DELETE', `/agent/${agent.id}`, acme)).status).toBe(200);
      expect((await call('DELETE', `/workflows/${workflow}`, acme)).status).toBe(200);
    });
  });

  describe('tool servers', () => {
    it('registers a server (201) and never returns or stores its secrets in clear', async () => {
      const created = await call('POST', '/tools/mcp-server', acme, {
        name: 'Drug tools',
        description: 'Interactions',
        url: 'https://tools.example.org/mcp',
        headers: { 'X-Api-Key': HEADER_SECRET },
        bearer_token: BEARER_SECRET,
      });
      expect(created.status).toBe(201);
      expect(created.body.data).toMatchObject({
        name: 'Drug tools',
        description: 'Interactions',
        url: 'https://tools.example.org/mcp',
        header_names: ['X-Api-Key', 'Authorization'],
      });
      const id = created.body.data.id as string;
      const read = await call('GET', `/tools/mcp-server/${id}`, acme);
      const list = await call('GET', '/tools/mcp-server/list', acme);
      expect(read.body.data).toEqual(created.body.data);
      expect(list.body.mcp_servers.map((server: Json) => server.id as string)).toContain(id);
      for (const text of [created.text, read.text, list.text]) {
        expect(text).not.toContain(HEADER_SECRET);
        expect(text).not.toContain(BEARER_SECRET);
      }
      const rows: { encrypted_headers: string }[] = await api.app
        .get(DataSource)
        .query('SELECT encrypted_headers FROM agent_tool_server WHERE id = $1', [id]);
      expect(rows[0].encrypted_headers).toMatch(/^v1\./);
      expect(rows[0].encrypted_headers).not.toContain(HEADER_SECRET);
      expect(rows[0].encrypted_headers).not.toContain(BEARER_SECRET);
    });

    it('refuses bad URLs, bad headers and duplicate names', async () => {
      const badUrl = await call('POST', '/tools/mcp-server', acme, {
        name: 'x',
        url: 'ftp://x.org/mcp',
      });
      expect(badUrl.status).toBe(400);
      expect(badUrl.body.error.details.map((v: Json) => v.field as string)).toContain('url');

      const notStrings = await call('POST', '/tools/mcp-server', acme, {
        name: 'x',
        url: 'https://x.org/mcp',
        headers: { 'X-Count': 3 },
      });
      expect(notStrings.status).toBe(400);
      expect(notStrings.body.error.details.map((v: Json) => v.field as string)).toContain(
        'headers',
      );

      for (const name of ['Bad Header', 'Content-Type']) {
        const response = await call('POST', '/tools/mcp-server', acme, {
          name: 'x',
          url: 'https://x.org/mcp',
          headers: { [name]: 'v' },
        });
        expect(response.status).toBe(400);
        expect(response.body.error.code).toBe('AGENTS.INVALID_HEADER');
        expect(response.body.message).toContain(name);
      }

      const metadata = await call('POST', '/tools/mcp-server', acme, {
        name: 'metadata',
        url: 'http://169.254.169.254/mcp',
      });
      expect(metadata.status).toBe(400);
      expect(metadata.body.error.code).toBe('AGENTS.TOOL_SERVER_URL_REFUSED');

      expect(
        (await call('POST', '/tools/mcp-server', acme, { name: 'Twin', url: 'https://a.org/mcp' }))
          .status,
      ).toBe(201);
      const twin = await call('POST', '/tools/mcp-server', acme, {
        name: 'twin',
        url: 'https://b.org/mcp',
      });
      expect(twin.status).toBe(409);
      expect(twin.body.error.code).toBe('AGENTS.TOOL_SERVER_NAME_TAKEN');
      // The same name in another account is fine.
      expect(
        (
          await call('POST', '/tools/mcp-server', globex, {
            name: 'Twin',
            url: 'https://a.org/mcp',
          })
        ).status,
      ).toBe(201);
    });

    it("answers 404 for another account's server; deleting one an agent uses is a 409", async () => {
      const server = (
        await call('POST', '/tools/mcp-server', acme, {
          name: 'in use',
          url: 'https://tools.example.org/mcp',
        })
      ).body.data as Json;
      expect((await call('GET', `/tools/mcp-server/${server.id}`, globex)).status).toBe(404);
      expect((await call('DELETE', `/tools/mcp-server/${server.id}`, globex)).status).toBe(404);
      expect(
        ((await call('GET', '/tools/mcp-server/list', globex)).body.mcp_servers as Json[]).map(
          (s) => s.id as string,
        ),
      ).not.toContain(server.id);

      const agent = await createAgent(acme, { name: 'Tool user', prompts: [], tools: [server.id] });
      expect(agent.tools).toEqual([server.id]);
      const refused = await call('DELETE', `/tools/mcp-server/${server.id}`, acme);
      expect(refused.status).toBe(409);
      expect(refused.body.error.code).toBe('AGENTS.TOOL_SERVER_IN_USE');
      expect(refused.body.error.details.agents).toEqual([{ id: agent.id, name: 'Tool user' }]);

      expect((await call('DELETE', `/agent/${agent.id}`, acme)).status).toBe(200);
      expect((await call('DELETE', `/tools/mcp-server/${server.id}`, acme)).status).toBe(200);
      expect((await call('GET', `/tools/mcp-server/${server.id}`, acme)).status).toBe(404);
    });
  });

  it('answers chat with 503 naming the setting when no chat model is configured', async () => {
    const agent = await createAgent(acme, { name: 'idle', prompts: [] });
    const response = await call('POST', '/agent/chat', acme, {
      agent_id: agent.id,
      message: 'hello',
    });
    expect(response.status).toBe(503);
    expect(response.body.error.code).toBe('AGENTS.CHAT_MODEL_NOT_CONFIGURED');
    expect(response.body.message).toContain('CHAT_MODEL_URL');
  });

  it('refuses every route without a bearer token', async () => {
    for (const [method, path] of [
      ['GET', '/agent/list'],
      ['POST', '/agent/create'],
      ['GET', '/agent/prompts/list'],
      ['POST', '/agent/prompts'],
      ['GET', '/tools/mcp-server/list'],
      ['POST', '/agent/chat'],
    ]) {
      const response = await fetch(`${api.baseUrl}${path}`, { method });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });
});
