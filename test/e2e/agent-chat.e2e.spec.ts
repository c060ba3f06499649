import { DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { base64, call, waitForStatus, type Api } from '../support/construe-client.js';
import { McpToolTestServer } from '../support/mcp-tool-test-server.js';
import { OpenAiTestServer } from '../support/openai-test-server.js';
import { PROFILES, startTestApp, type TestApp } from '../support/test-app.js';

type Json = Record<string, any>;

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const TOOL_SERVER_TOKEN = 'remote-tool-token-51ab';

describe.each(PROFILES)('chat with an agent (%s profile)', (profile) => {
  let api: TestApp;
  let acme: Api;
  let globex: Api;
  const model = new OpenAiTestServer();
  const tools = new McpToolTestServer();
  let toolServerUrl: string;

  beforeAll(async () => {
    process.env.FHIR_OUTBOUND_ALLOW_LOOPBACK = 'true';
    const modelUrl = await model.start();
    toolServerUrl = await tools.start();
    api = await startTestApp(profile, {
      RATE_LIMIT_MAX: '100000',
      CHAT_MODEL_URL: modelUrl,
      CHAT_MODEL_NAME: 'fake-model',
      CHAT_MODEL_API_KEY: 'model-key-1',
      CHAT_MAX_TOOL_ROUNDS: '3',
    });
    acme = { baseUrl: api.baseUrl, token: await api.token(await api.createClient('acme')) };
    globex = { baseUrl: api.baseUrl, token: await api.token(await api.createClient('globex')) };
    const upload = await call(acme, 'POST', '/construe/upload', {
      name: 'chat_conditions',
      version: '1',
      format: 'csv',
      file: base64('code,label\nH001,Essential hypertension\nH002,Acute bronchitis'),
      code_col: 'code',
      desc_col: 'label',
    });
    expect(upload.status).toBe(202);
    await waitForStatus(acme, 'chat_conditions', '1');
  });

  afterAll(async () => {
    delete process.env.FHIR_OUTBOUND_ALLOW_LOOPBACK;
    await api?.close();
    await model.stop();
    await tools.stop();
  });

  const newAgent = async (owner: Api, body: Json = {}) => {
    const prompt = await call(owner, 'POST', '/agent/prompts', {
      name: 'coder',
      content: 'You are a clinical coder. Use the tools.',
    });
    const agent = await call(owner, 'POST', '/agent/create', {
      name: 'Coder',
      prompts: [prompt.body.data.id],
      ...body,
    });
    expect(agent.status, JSON.stringify(agent.body)).toBe(201);
    return agent.body.data as Json;
  };

  const chat = (owner: Api, body: Json) => call(owner, 'POST', '/agent/chat', body);

  it("runs the model's tool call and feeds the result back until it answers", async () => {
    const agent = await newAgent(acme);
    const before = model.requests.length;
    const turn = await chat(acme, { agent_id: agent.id, message: 'search hypertension' });
    expect(turn.status, JSON.stringify(turn.body)).toBe(200);
    const data = turn.body.data as Json;

    // The tool ran against the account's code system …
    expect(data.tool_calls).toHaveLength(1);
    expect(data.tool_calls[0]).toMatchObject({ name: 'construe_search_text', is_error: false });
    expect(data.tool_calls[0].result).toContain('H001');
    // … its result went back to the model, whose final answer quotes it.
    const [first, second] = model.requests.slice(before).map((request) => request.body);
    expect(model.requests.length - before).toBe(2);
    const toolMessage = second.messages[second.messages.length - 1];
    expect(toolMessage).toMatchObject({ role: 'tool', tool_call_id: 'call_search_1' });
    expect(toolMessage.content).toContain('Essential hypertension');
    expect(second.messages[second.messages.length - 2].tool_calls[0].id).toBe('call_search_1');
    expect(data.answer).toMatch(/^Tool said: .*H001/);

    // The agent's prompt was the system message, the model and key were sent, tools offered.
    expect(first.model).toBe('fake-model');
    expect(first.messages[0]).toEqual({
      role: 'system',
      content: 'You are a clinical coder. Use the tools.',
    });
    expect(first.messages[1]).toEqual({ role: 'user', content: 'search hypertension' });
    expect(first.tools.map((tool: Json) => tool.function.name as string)).toEqual(
      expect.arrayContaining(['construe_search_text', 'lang2fhir_create', 'fhir2summary']),
    );
    expect(first.tools[0].function.parameters.type).toBe('object');
    expect(model.requests[before].authorization).toBe('Bearer model-key-1');

    // The session keeps every message, in order.
    const session = await call(acme, 'GET', `/agent/chat/${data.session_id}`);
    expect(session.status).toBe(200);
    expect(session.body.data.busy).toBe(false);
    expect(session.body.data.messages.map((message: Json) => message.role as string)).toEqual([
      'user',
      'assistant',
      'tool',
      'assistant',
    ]);
    expect(session.body.data.messages[2].content).toContain('H001');
  });

  it('continues a session: the next turn sees the earlier messages', async () => {
    const agent = await newAgent(acme);
    const first = await chat(acme, { agent_id: agent.id, message: 'hello there' });
    expect(first.body.data.answer).toBe('You said: hello there');
    const before = model.requests.length;
    const second = await chat(acme, {
      agent_id: agent.id,
      session_id: first.body.data.session_id,
      message: 'and again',
    });
    expect(second.status).toBe(200);
    expect(second.body.data.session_id).toBe(first.body.data.session_id);
    const sent = model.requests[before].body.messages as Json[];
    expect(sent.map((message: Json) => message.content as string)).toEqual([
      'You are a clinical coder. Use the tools.',
      'hello there',
      'You said: hello there',
      'and again',
    ]);
  });

  it("uses the account's default prompt for an agent without prompts", async () => {
    await call(acme, 'POST', '/agent/prompts', {
      name: 'house style',
      content: 'Answer in one sentence.',
      is_default: true,
    });
    const agent = await call(acme, 'POST', '/agent/create', { name: 'plain', prompts: [] });
    const before = model.requests.length;
    expect((await chat(acme, { agent_id: agent.body.data.id, message: 'hi' })).status).toBe(200);
    expect(model.requests[before].body.messages[0]).toEqual({
      role: 'system',
      content: 'Answer in one sentence.',
    });
  });

  it("calls the tools of the agent's MCP tool servers, with their stored credentials", async () => {
    const server = await call(acme, 'POST', '/tools/mcp-server', {
      name: 'allergy db',
      url: toolServerUrl,
      bearer_token: TOOL_SERVER_TOKEN,
    });
    expect(server.status).toBe(201);
    const unreachable = await call(acme, 'POST', '/tools/mcp-server', {
      name: 'gone',
      url: 'http://127.0.0.1:9/mcp',
    });
    const agent = await newAgent(acme, { tools: [server.body.data.id, unreachable.body.data.id] });
    const before = model.requests.length;
    const turn = await chat(acme, { agent_id: agent.id, message: 'allergy penicillin' });
    expect(turn.status, JSON.stringify(turn.body)).toBe(200);
    expect(tools.calls).toContainEqual({
      drug: 'penicillin',
      authorization: `Bearer ${TOOL_SERVER_TOKEN}`,
    });
    expect(turn.body.data.tool_calls[0]).toMatchObject({
      name: 'mcp_allergy_db_lookup_allergy',
      result: 'penicillin: anaphylaxis reported',
      is_error: false,
    });
    expect(turn.body.data.answer).toBe('Tool said: penicillin: anaphylaxis reported');
    // The unreachable server is left out of the turn and reported; the rest still works.
    expect(turn.body.data.unavailable_tool_servers).toEqual([
      expect.objectContaining({ id: unreachable.body.data.id, name: 'gone' }),
    ]);
    const offered = (model.requests[before].body.tools as Json[]).map(
      (tool) => tool.function.name as string,
    );
    expect(offered).toContain('mcp_allergy_db_lookup_allergy');
  });

  it("offers the agent's workflows (and only those) as tools and runs them", async () => {
    const providers = await call(acme, 'GET', '/fhir-provider/list');
    const workflowIds: string[] = [];
    for (const name of ['Register patient', 'Unrelated flow']) {
      const created = await call(acme, 'POST', '/workflows', {
        name,
        workflow_instructions: 'Create a patient with the given family name and gender',
        sample_data: { family_name: 'Doe', gender: 'female' },
        fhir_provider_id: providers.body.fhir_providers[0].id,
      });
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      workflowIds.push(created.body.workflow_id as string);
    }
    const agent = await newAgent(acme, { workflows: [workflowIds[0]] });
    const before = model.requests.length;
    const turn = await chat(acme, { agent_id: agent.id, message: 'run workflow Mbeki' });
    expect(turn.status, JSON.stringify(turn.body)).toBe(200);
    const offered = (model.requests[before].body.tools as Json[])
      .map((tool) => tool.function.name as string)
      .filter((name) => name.startsWith('workflow_'));
    expect(offered).toEqual(['workflow_register_patient']);
    const [run] = turn.body.data.tool_calls as Json[];
    expect(run).toMatchObject({ name: 'workflow_register_patient', is_error: false });
    expect(run.result).toContain('Mbeki');
  });

  it('refuses a second turn of a session while one is in progress (409), then accepts it', async () => {
    const agent = await newAgent(acme);
    const first = await chat(acme, { agent_id: agent.id, message: 'start' });
    const sessionId = first.body.data.session_id as string;
    const requestsBefore = model.requests.length;
    const held = chat(acme, { agent_id: agent.id, session_id: sessionId, message: 'HOLD please' });
    while (model.requests.length === requestsBefore) await new Promise((r) => setTimeout(r, 20));

    const busy = await chat(acme, { agent_id: agent.id, session_id: sessionId, message: 'me too' });
    expect(busy.status).toBe(409);
    expect(busy.body.error.code).toBe('AGENTS.SESSION_BUSY');
    expect((await call(acme, 'GET', `/agent/chat/${sessionId}`)).body.data.busy).toBe(true);
    // Other sessions are not blocked.
    expect((await chat(acme, { agent_id: agent.id, message: 'elsewhere' })).status).toBe(200);

    model.release();
    expect((await held).status).toBe(200);
    const after = await chat(acme, { agent_id: agent.id, session_id: sessionId, message: 'now' });
    expect(after.status).toBe(200);
    expect(after.body.data.answer).toBe('You said: now');
  });

  it('keeps the turn lock in the database: a live lock refuses, a lapsed one is taken over', async () => {
    const agent = await newAgent(acme);
    const first = await chat(acme, { agent_id: agent.id, message: 'start' });
    const sessionId = first.body.data.session_id as string;
    const database = api.app.get(DataSource);
    // Another replica holds the turn and is alive …
    await database.query(
      `UPDATE agent_chat_session SET turn_token = '${UNKNOWN_ID}', turn_heartbeat_at = now() WHERE id = $1`,
      [sessionId],
    );
    const busy = await chat(acme, { agent_id: agent.id, session_id: sessionId, message: 'x' });
    expect(busy.status).toBe(409);
    // … or died mid-turn eleven minutes ago: its lease has lapsed.
    await database.query(
      `UPDATE agent_chat_session SET turn_heartbeat_at = now() - interval '11 minutes' WHERE id = $1`,
      [sessionId],
    );
    const resumed = await chat(acme, { agent_id: agent.id, session_id: sessionId, message: 'y' });
    expect(resumed.status).toBe(200);
    const rows: { turn_token: string | null }[] = await database.query(
      'SELECT turn_token FROM agent_chat_session WHERE id = $1',
      [sessionId],
    );
    expect(rows[0].turn_token).toBeNull();
  });

  it('answers 502 when the model fails, and frees the session', async () => {
    const agent = await newAgent(acme);
    const first = await chat(acme, { agent_id: agent.id, message: 'ok' });
    const sessionId = first.body.data.session_id as string;
    const failed = await chat(acme, { agent_id: agent.id, session_id: sessionId, message: 'FAIL' });
    expect(failed.status).toBe(502);
    expect(failed.body.error.code).toBe('AGENTS.CHAT_MODEL_FAILED');
    const next = await chat(acme, { agent_id: agent.id, session_id: sessionId, message: 'fine' });
    expect(next.status).toBe(200);
  });

  it("answers 404 for unknown agents and for another account's agents and sessions", async () => {
    const agent = await newAgent(acme);
    const turn = await chat(acme, { agent_id: agent.id, message: 'mine' });
    const sessionId = turn.body.data.session_id as string;
    const globexAgent = await newAgent(globex);

    expect((await chat(acme, { agent_id: UNKNOWN_ID, message: 'x' })).status).toBe(404);
    const foreignAgent = await chat(globex, { agent_id: agent.id, message: 'x' });
    expect(foreignAgent.status).toBe(404);
    expect(foreignAgent.body.error.code).toBe('AGENTS.AGENT_NOT_FOUND');
    const foreignSession = await chat(globex, {
      agent_id: globexAgent.id,
      session_id: sessionId,
      message: 'x',
    });
    expect(foreignSession.status).toBe(404);
    expect(foreignSession.body.error.code).toBe('AGENTS.SESSION_NOT_FOUND');
    expect((await call(globex, 'GET', `/agent/chat/${sessionId}`)).status).toBe(404);
    expect(
      (await chat(acme, { agent_id: agent.id, session_id: UNKNOWN_ID, message: 'x' })).status,
    ).toBe(404);
  });

  it('refuses a session of another agent (400) and malformed bodies', async () => {
    const one = await newAgent(acme);
    const two = await newAgent(acme);
    const turn = await chat(acme, { agent_id: one.id, message: 'hi' });
    const wrongAgent = await chat(acme, {
      agent_id: two.id,
      session_id: turn.body.data.session_id,
      message: 'hi',
    });
    expect(wrongAgent.status).toBe(400);
    expect(wrongAgent.body.error.code).toBe('AGENTS.SESSION_OF_OTHER_AGENT');

    const noMessage = await chat(acme, { agent_id: one.id });
    expect(noMessage.status).toBe(400);
    expect(noMessage.body.error.details.map((v: Json) => v.field as string)).toContain('message');
    const noAgent = await chat(acme, { message: 'x' });
    expect(noAgent.status).toBe(400);
    expect(noAgent.body.error.details.map((v: Json) => v.field as string)).toContain('agent_id');
  });

  it('deleting an agent deletes its sessions', async () => {
    const agent = await newAgent(acme);
    const turn = await chat(acme, { agent_id: agent.id, message: 'hi' });
    expect((await call(acme, 'DELETE', `/agent/${agent.id}`)).status).toBe(200);
    expect((await call(acme, 'GET', `/agent/chat/${turn.body.data.session_id}`)).status).toBe(404);
  });
});
