import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentsContractValidator } from '../support/contract/agents-validator.js';
import { exchange } from '../support/contract/agents-http.js';
import type {
  ContractCase,
  ContractContext,
  ContractRequest,
  ContractResponse,
} from '../support/contract/contract-case.js';
import { McpToolTestServer } from '../support/mcp-tool-test-server.js';
import { OpenAiTestServer } from '../support/openai-test-server.js';
import { cases as agentCases } from './contract-cases/agents.js';
import { cases as toolCases } from './contract-cases/tools.js';
import {
  basic,
  PROFILES,
  startTestApp,
  type Credentials,
  type TestApp,
} from '../support/test-app.js';

type Json = Record<string, any>;

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const validator = AgentsContractValidator.load();
if (!validator) console.warn('../shared/spec/public-api-openapi.json is absent: skipping');

describe.skipIf(!validator)('the validator these tests use', () => {
  it('refuses the shapes this service answered before (so that passing means something)', () => {
    const list = { success: true, message: 'Agents retrieved', data: [] };
    expect(validator!.problems('GET /agent/list', 200, list)).toEqual(['(body) lacks "agents"']);
    expect(
      validator!.problems('GET /tools/mcp-server/list', 200, { success: true, data: [] }),
    ).toContain('(body) lacks "mcp_servers"');
    const agent = { success: true, message: 'm', data: { id: 'a', provider: 'not-a-uuid' } };
    expect(validator!.problems('GET /agent/{id}', 200, agent)).not.toEqual([]);
    expect(
      validator!.problems('POST /auth/token', 401, { code: 'AUTH.UNAUTHORIZED', message: 'x' }),
    ).toEqual(['/code must be integer']);
    expect(
      validator!.problems('POST /agent/stream-chat', 200, [{ type: 'delta' }], 'text/event-stream'),
    ).toEqual(['event 0: /type must be equal to one of the allowed values']);
    expect(validator!.problems('GET /agent/list', 418, {})).toEqual([
      'GET /agent/list does not document status 418',
    ]);
  });
});

/**
 * The agents, prompts, chat, MCP server and legacy token operations, checked against the
 * public API document: every response validates against the document's schema for its
 * operation and status, with the keys its example shows.
 */
describe.skipIf(!validator).each(PROFILES)(
  'agents against the public API document (%s)',
  (profile) => {
    let api: TestApp;
    let token: string;
    let credentials: Credentials;
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
        CHAT_MODEL_NAME: 'test-model',
        CHAT_MAX_TOOL_ROUNDS: '3',
      });
      credentials = await api.createClient('acme');
      token = await api.token(credentials);
    });

    afterAll(async () => {
      delete process.env.FHIR_OUTBOUND_ALLOW_LOOPBACK;
      await api?.close();
      await model.stop();
      await tools.stop();
    });

    /** Calls `operation` ("GET /agent/{id}") on `path` and checks the answer against the document. */
    const checked = async (
      operation: string,
      path: string,
      request?: ContractRequest,
    ): Promise<ContractResponse & { body: any }> => {
      const response = await exchange(api.baseUrl, token, operation.split(' ')[0], path, request);
      const problems = validator!.problems(
        operation,
        response.status,
        response.body,
        response.headers['content-type'],
      );
      expect(problems, `${operation} ${response.status}: ${JSON.stringify(response.body)}`).toEqual(
        [],
      );
      return response;
    };

    const patchBody = (patch: unknown, type = 'application/json-patch+json'): ContractRequest => ({
      rawBody: JSON.stringify(patch),
      headers: { 'Content-Type': type },
    });

    const newPrompt = async (name: string) =>
      (
        await checked('POST /agent/prompts', '/agent/prompts', {
          body: { name, content: 'You are a clinical coder.', tags: ['coding'] },
        })
      ).body.data as Json;

    describe('prompts', () => {
      it('lists prompts under "prompts", and creates, reads, replaces and deletes them', async () => {
        const prompt = await newPrompt('Coder');
        const list = await checked('GET /agent/prompts/list', '/agent/prompts/list');
        expect(list.body.prompts.map((item: Json) => item.id as string)).toContain(prompt.id);
        const put = await checked('PUT /agent/prompts/{id}', `/agent/prompts/${prompt.id}`, {
          body: { name: 'Coder 2', content: 'Changed' },
        });
        expect(put.body.data).toMatchObject({ name: 'Coder 2', content: 'Changed', tags: [] });
        expect(
          (await checked('DELETE /agent/prompts/{id}', `/agent/prompts/${prompt.id}`)).status,
        ).toBe(200);
        const gone = await checked('GET /agent/prompts/{id}', `/agent/prompts/${prompt.id}`);
        expect(gone.status).toBe(404);
      });

      it.each(['application/json-patch+json', 'application/json+patch'])(
        'patches a prompt with a JSON Patch sent as %s',
        async (type) => {
          const prompt = await newPrompt('Patched');
          const patched = await checked(
            'PATCH /agent/prompts/{id}',
            `/agent/prompts/${prompt.id}`,
            patchBody(
              [
                { op: 'test', path: '/name', value: 'Patched' },
                { op: 'replace', path: '/content', value: 'Updated prompt content.' },
                { op: 'add', path: '/tags/-', value: 'updated' },
              ],
              type,
            ),
          );
          expect(patched.status).toBe(200);
          expect(patched.body.data).toMatchObject({
            name: 'Patched',
            content: 'Updated prompt content.',
            tags: ['coding', 'updated'],
          });
          const read = await checked('GET /agent/prompts/{id}', `/agent/prompts/${prompt.id}`);
          expect(read.body.data.content).toBe('Updated prompt content.');
        },
      );

      it('refuses a failing test, a bad operation and a result a PUT would refuse (400), changing nothing', async () => {
        const prompt = await newPrompt('Guarded');
        const path = `/agent/prompts/${prompt.id}`;
        const failedTest = await checked(
          'PATCH /agent/prompts/{id}',
          path,
          patchBody([
            { op: 'replace', path: '/content', value: 'never stored' },
            { op: 'test', path: '/name', value: 'Other' },
          ]),
        );
        expect(failedTest.status).toBe(400);
        expect(failedTest.body.error.code).toBe('AGENTS.PATCH_FAILED');
        expect(failedTest.body.message).toContain('operation 1');
        const badOp = await checked(
          'PATCH /agent/prompts/{id}',
          path,
          patchBody([{ op: 'merge', path: '/name', value: 'x' }]),
        );
        expect(badOp.status).toBe(400);
        const notAnArray = await checked(
          'PATCH /agent/prompts/{id}',
          path,
          patchBody({ op: 'replace' }),
        );
        expect(notAnArray.status).toBe(400);
        const emptyName = await checked(
          'PATCH /agent/prompts/{id}',
          path,
          patchBody([{ op: 'replace', path: '/name', value: '' }]),
        );
        expect(emptyName.status).toBe(400);
        expect(emptyName.body.error.code).toBe('REQUEST.VALIDATION_FAILED');
        const unknownField = await checked(
          'PATCH /agent/prompts/{id}',
          path,
          patchBody([{ op: 'add', path: '/color', value: 'red' }]),
        );
        expect(unknownField.status).toBe(400);
        const read = await checked('GET /agent/prompts/{id}', path);
        expect(read.body.data.content).toBe('You are a clinical coder.');
        const missing = await checked(
          'PATCH /agent/prompts/{id}',
          `/agent/prompts/${UNKNOWN_ID}`,
          patchBody([{ op: 'replace', path: '/name', value: 'x' }]),
        );
        expect(missing.status).toBe(404);
      });
    });

    describe('agents', () => {
      it('lists agents under "agents" (filtered by tags), and creates, patches and deletes them', async () => {
        const prompt = await newPrompt('For agents');
        const created = await checked('POST /agent/create', '/agent/create', {
          body: { name: 'Coder', prompts: [prompt.id], tags: ['medical', 'fhir'] },
        });
        expect(created.status).toBe(201);
        const id = created.body.data.id as string;
        const other = await checked('POST /agent/create', '/agent/create', {
          body: { name: 'Other', prompts: [prompt.id], tags: ['medical'] },
        });

        const all = await checked('GET /agent/list', '/agent/list');
        expect(all.body.agents.map((agent: Json) => agent.id as string)).toEqual(
          expect.arrayContaining([id, other.body.data.id]),
        );
        const fhirOnly = await checked('GET /agent/list', '/agent/list', {
          query: { tags: 'fhir,medical' },
        });
        expect(fhirOnly.body.agents.map((agent: Json) => agent.id as string)).toEqual([id]);

        const patched = await checked(
          'PATCH /agent/{id}',
          `/agent/${id}`,
          patchBody(
            [
              { op: 'replace', path: '/description', value: 'patched description' },
              { op: 'add', path: '/tags/-', value: 'updated' },
              { op: 'remove', path: '/tags/0' },
            ],
            'application/json+patch',
          ),
        );
        expect(patched.status).toBe(200);
        expect(patched.body.data).toMatchObject({
          description: 'patched description',
          tags: ['fhir', 'updated'],
          prompts: [prompt.id],
        });
        // The patched agent goes through the same reference checks as a PUT.
        const unknownPrompt = await checked(
          'PATCH /agent/{id}',
          `/agent/${id}`,
          patchBody([{ op: 'add', path: '/prompts/-', value: UNKNOWN_ID }]),
        );
        expect(unknownPrompt.status).toBe(400);
        expect(unknownPrompt.body.error.code).toBe('AGENTS.UNKNOWN_REFERENCES');
        const failedTest = await checked(
          'PATCH /agent/{id}',
          `/agent/${id}`,
          patchBody([{ op: 'test', path: '/name', value: 'Not the name' }]),
        );
        expect(failedTest.status).toBe(400);

        const put = await checked('PUT /agent/{id}', `/agent/${id}`, {
          body: { name: 'Coder', prompts: [prompt.id] },
        });
        expect(put.body.data.tags).toEqual([]);
        expect((await checked('DELETE /agent/{id}', `/agent/${id}`)).status).toBe(200);
        expect((await checked('GET /agent/{id}', `/agent/${id}`)).status).toBe(404);
        expect((await checked('DELETE /agent/{id}', `/agent/${id}`)).status).toBe(404);
      });

      it('answers 401 without a bearer token on every operation', async () => {
        for (const [operation, path] of [
          ['GET /agent/list', '/agent/list'],
          ['GET /agent/prompts/list', '/agent/prompts/list'],
          ['PATCH /agent/{id}', `/agent/${UNKNOWN_ID}`],
          ['GET /agent/chat/messages', '/agent/chat/messages'],
          ['POST /agent/stream-chat', '/agent/stream-chat'],
          ['GET /tools/mcp-server/list', '/tools/mcp-server/list'],
          [
            'GET /tools/mcp-server/tool/{mcp_server_tool_id}',
            `/tools/mcp-server/tool/${UNKNOWN_ID}`,
          ],
        ]) {
          const response = await checked(operation, path, { headers: { authorization: '' } });
          expect(response.status, operation).toBe(401);
        }
      });
    });

    describe('MCP servers and their tools', () => {
      it('creates a server and lists its tools at once; tools can be read and removed', async () => {
        const created = await checked('POST /tools/mcp-server/create', '/tools/mcp-server/create', {
          body: { name: 'Allergy DB', mcp_server_url: toolServerUrl },
        });
        expect(created.status).toBe(200);
        const server = created.body.mcp_servers[0] as Json;
        expect(server).toMatchObject({ name: 'Allergy DB', mcp_server_url: toolServerUrl });
        const toolNames = (created.body.mcp_server_tools as Json[]).map(
          (tool) => tool.name as string,
        );
        expect(toolNames.sort()).toEqual(['drug_class', 'lookup_allergy']);
        expect(created.body.mcp_server_tools[0]).toMatchObject({
          mcp_server_id: server.id,
          mcp_server_url: toolServerUrl,
        });

        const list = await checked('GET /tools/mcp-server/list', '/tools/mcp-server/list');
        expect(list.body.mcp_servers.map((item: Json) => item.id as string)).toContain(server.id);
        const read = await checked(
          'GET /tools/mcp-server/{mcp_server_id}',
          `/tools/mcp-server/${server.id}`,
        );
        expect(read.body.data.mcp_server_url).toBe(toolServerUrl);

        const listed = await checked(
          'GET /tools/mcp-server/{mcp_server_id}/list',
          `/tools/mcp-server/${server.id}/list`,
        );
        const classTool = (listed.body.mcp_server_tools as Json[]).find(
          (tool) => tool.name === 'drug_class',
        )!;
        expect(classTool.input_schema.properties.drug.type).toBe('string');
        const tool = await checked(
          'GET /tools/mcp-server/tool/{mcp_server_tool_id}',
          `/tools/mcp-server/tool/${classTool.id}`,
        );
        expect(tool.body.data).toEqual(classTool);

        const removed = await checked(
          'DELETE /tools/mcp-server/tool/{mcp_server_tool_id}',
          `/tools/mcp-server/tool/${classTool.id}`,
        );
        expect(removed.status).toBe(200);
        for (const method of ['GET', 'DELETE']) {
          const gone = await checked(
            `${method} /tools/mcp-server/tool/{mcp_server_tool_id}`,
            `/tools/mcp-server/tool/${classTool.id}`,
          );
          expect(gone.status).toBe(404);
        }
        // Listing the server again does not bring the removed tool back …
        const relisted = await checked(
          'GET /tools/mcp-server/{mcp_server_id}/list',
          `/tools/mcp-server/${server.id}/list`,
        );
        expect(relisted.body.mcp_server_tools.map((item: Json) => item.name as string)).toEqual([
          'lookup_allergy',
        ]);
        // … and agents are no longer offered it.
        const prompt = await newPrompt('Allergies');
        const agent = await checked('POST /agent/create', '/agent/create', {
          body: { name: 'Allergist', prompts: [prompt.id], tools: [server.id] },
        });
        const before = model.requests.length;
        const turn = await checked('POST /agent/chat', '/agent/chat', {
          body: { agent_id: agent.body.data.id, message: 'allergy penicillin' },
        });
        expect(turn.body.response).toBe('Tool said: penicillin: anaphylaxis reported');
        const offered = (model.requests[before].body.tools as Json[]).map(
          (item) => item.function.name as string,
        );
        expect(offered).toContain('mcp_allergy_db_lookup_allergy');
        expect(offered.some((name) => name.endsWith('drug_class'))).toBe(false);

        await checked('DELETE /agent/{id}', `/agent/${agent.body.data.id}`);
        const deleted = await checked(
          'DELETE /tools/mcp-server/{mcp_server_id}',
          `/tools/mcp-server/${server.id}`,
        );
        expect(deleted.status).toBe(200);
        expect(
          (await checked('GET /tools/mcp-server/{mcp_server_id}', `/tools/mcp-server/${server.id}`))
            .status,
        ).toBe(404);
        const orphan = await checked(
          'GET /tools/mcp-server/tool/{mcp_server_tool_id}',
          `/tools/mcp-server/tool/${tool.body.data.id}`,
        );
        expect(orphan.status).toBe(404);
      });

      it('registers a server that does not answer yet, saying its tools could not be listed', async () => {
        const created = await checked('POST /tools/mcp-server/create', '/tools/mcp-server/create', {
          body: { name: 'Later', mcp_server_url: 'http://127.0.0.1:9/mcp' },
        });
        expect(created.status).toBe(200);
        expect(created.body.mcp_server_tools).toEqual([]);
        expect(created.body.message).toContain('could not be listed');
        const noUrl = await checked('POST /tools/mcp-server/create', '/tools/mcp-server/create', {
          body: { name: 'Nowhere' },
        });
        expect(noUrl.status).toBe(400);
        expect(noUrl.body.error.details[0].field).toBe('mcp_server_url');
      });
    });

    describe('chat', () => {
      const newAgent = async () => {
        const prompt = await newPrompt('Chat');
        return (
          await checked('POST /agent/create', '/agent/create', {
            body: { name: 'Chatty', prompts: [prompt.id] },
          })
        ).body.data as Json;
      };

      it('answers with response and session_id, and lists the messages in the document roles', async () => {
        const agent = await newAgent();
        const turn = await checked('POST /agent/chat', '/agent/chat', {
          body: {
            agent_id: agent.id,
            message: 'search asthma',
            context: 'Be brief',
            enhanced_reasoning: false,
          },
        });
        expect(turn.status).toBe(200);
        const sessionId = turn.body.session_id as string;
        expect(turn.body.response).toBe(turn.body.data.answer);
        expect(turn.body.response).toMatch(/^Tool said: /);
        const sent = model.requests[model.requests.length - 1].body.messages as Json[];
        expect(sent[1]).toEqual({ role: 'system', content: 'Be brief' });

        const all = await checked('GET /agent/chat/messages', '/agent/chat/messages', {
          query: { chat_session_id: sessionId, order: 'asc' },
        });
        expect(all.body.session_id).toBe(sessionId);
        expect(all.body.total).toBe(4);
        expect(all.body.messages.map((message: Json) => message.role as string)).toEqual([
          'user',
          'model',
          'function',
          'assistant',
        ]);
        expect(all.body.messages[1]).toMatchObject({
          function_name: 'construe_search_text',
          function_args: { system: 'chat_conditions', query: 'asthma' },
          message_order: 2,
        });
        expect(all.body.messages[2].function_result.is_error).toBe(true);

        const latest = await checked('GET /agent/chat/messages', '/agent/chat/messages', {
          query: { chat_session_id: sessionId, num_messages: 1, role: 'user,assistant' },
        });
        expect(latest.body.total).toBe(2);
        expect(latest.body.messages).toHaveLength(1);
        expect(latest.body.messages[0].content).toBe(turn.body.response);

        const unknown = await checked('GET /agent/chat/messages', '/agent/chat/messages', {
          query: { chat_session_id: UNKNOWN_ID },
        });
        expect(unknown.status).toBe(404);
        // The old per-session route still answers, and "messages" is no longer taken for an id.
        expect((await exchange(api.baseUrl, token, 'GET', `/agent/chat/${sessionId}`)).status).toBe(
          200,
        );
        const badRole = await exchange(api.baseUrl, token, 'GET', '/agent/chat/messages', {
          query: { chat_session_id: sessionId, role: 'user,robot' },
        });
        expect(badRole.status).toBe(400);
        const noSession = await exchange(api.baseUrl, token, 'GET', '/agent/chat/messages');
        expect(noSession.status).toBe(400);
      });

      it('streams a turn as server-sent events: start, tool use and result, text, end', async () => {
        const agent = await newAgent();
        const before = model.requests.length;
        const stream = await checked('POST /agent/stream-chat', '/agent/stream-chat', {
          body: { agent_id: agent.id, message: 'search diabetes' },
        });
        expect(stream.status).toBe(200);
        expect(stream.headers['content-type']).toMatch(/^text\/event-stream/);
        const events = stream.body as Json[];
        const types = events.map((event) => event.type as string);
        expect(types[0]).toBe('message_start');
        expect(types.slice(1, 3)).toEqual(['tool_use', 'tool_result']);
        expect(types[types.length - 1]).toBe('message_end');
        expect(events[1]).toMatchObject({
          function_name: 'construe_search_text',
          function_args: { query: 'diabetes' },
        });
        const sessionId = events[0].session_id as string;
        expect(events.every((event) => event.session_id === sessionId)).toBe(true);
        const deltas = events.filter((event) => event.type === 'content_delta');
        expect(deltas.length).toBeGreaterThan(1);
        const text = deltas.map((event) => event.content as string).join('');
        expect(text).toMatch(/^Tool said: /);
        // The model was asked to stream, and the session kept the same answer.
        expect(model.requests.slice(before).every((request) => request.body.stream === true)).toBe(
          true,
        );
        const kept = await checked('GET /agent/chat/messages', '/agent/chat/messages', {
          query: { chat_session_id: sessionId, role: 'assistant' },
        });
        expect(kept.body.messages[0].content).toBe(text);

        const next = await checked('POST /agent/stream-chat', '/agent/stream-chat', {
          body: { agent_id: agent.id, session_id: sessionId, message: 'thanks' },
        });
        const nextText = (next.body as Json[])
          .filter((event) => event.type === 'content_delta')
          .map((event) => event.content as string)
          .join('');
        expect(nextText).toBe('You said: thanks');
      });

      it('answers errors before the stream starts as JSON, and a model failure as an error event', async () => {
        const agent = await newAgent();
        const unknown = await checked('POST /agent/stream-chat', '/agent/stream-chat', {
          body: { agent_id: UNKNOWN_ID, message: 'hi' },
        });
        expect(unknown.status).toBe(404);
        expect((unknown.body as Json).error.code).toBe('AGENTS.AGENT_NOT_FOUND');
        const invalid = await checked('POST /agent/stream-chat', '/agent/stream-chat', {
          body: { agent_id: agent.id },
        });
        expect(invalid.status).toBe(400);

        const failed = await checked('POST /agent/stream-chat', '/agent/stream-chat', {
          body: { agent_id: agent.id, message: 'FAIL now' },
        });
        expect(failed.status).toBe(200);
        const events = failed.body as Json[];
        expect(events.map((event) => event.type as string)).toEqual(['message_start', 'error']);
        expect(events[1]).toMatchObject({ success: false });
        expect(events[1].message).toContain('chat model failed');
      });

      it('refuses a second turn of a busy session with 409', async () => {
        const agent = await newAgent();
        const first = await checked('POST /agent/chat', '/agent/chat', {
          body: { agent_id: agent.id, message: 'start' },
        });
        const sessionId = first.body.session_id as string;
        const before = model.requests.length;
        const held = exchange(api.baseUrl, token, 'POST', '/agent/stream-chat', {
          body: { agent_id: agent.id, session_id: sessionId, message: 'HOLD on' },
        });
        while (model.requests.length === before) await new Promise((r) => setTimeout(r, 20));
        for (const operation of ['POST /agent/chat', 'POST /agent/stream-chat']) {
          const busy = await checked(operation, operation.split(' ')[1], {
            body: { agent_id: agent.id, session_id: sessionId, message: 'me too' },
          });
          expect(busy.status, operation).toBe(409);
        }
        model.release();
        expect((await held).status).toBe(200);
      });
    });

    describe('legacy token', () => {
      it('issues { token } for HTTP Basic credentials, usable as a bearer token', async () => {
        const issued = await checked('POST /auth/token', '/auth/token', {
          headers: { authorization: basic(credentials) },
        });
        expect(issued.status).toBe(200);
        const list = await exchange(api.baseUrl, issued.body.token as string, 'GET', '/agent/list');
        expect(list.status).toBe(200);
      });

      it('answers 401 in the document shape for wrong or missing credentials', async () => {
        const wrong = await checked('POST /auth/token', '/auth/token', {
          headers: {
            authorization: basic({ clientId: credentials.clientId, clientSecret: 'wrong' }),
          },
        });
        expect(wrong.status).toBe(401);
        expect(wrong.body).toEqual({ code: 401, message: 'Invalid credentials', data: null });
        expect(wrong.headers['www-authenticate']).toMatch(/^Basic/);
        const none = await checked('POST /auth/token', '/auth/token', {
          headers: { authorization: '' },
        });
        expect(none.status).toBe(401);
        expect(none.body.code).toBe(401);
      });
    });
  },
);

describe.skipIf(!validator).each(PROFILES)(
  'a chat model that does not answer in time (%s)',
  (profile) => {
    let api: TestApp;
    let token: string;
    const model = new OpenAiTestServer();

    beforeAll(async () => {
      api = await startTestApp(profile, {
        CHAT_MODEL_URL: await model.start(),
        CHAT_MODEL_TIMEOUT_MS: '1000',
      });
      token = await api.token(await api.createClient('slow'));
    });

    afterAll(async () => {
      await api?.close();
      await model.stop();
    });

    it('answers 504, the status the document gives chat for a timeout', async () => {
      const prompt = await exchange(api.baseUrl, token, 'POST', '/agent/prompts', {
        body: { name: 'p', content: 'c' },
      });
      const agent = await exchange(api.baseUrl, token, 'POST', '/agent/create', {
        body: { name: 'slow', prompts: [(prompt.body as Json).data.id] },
      });
      const agentId = (agent.body as Json).data.id as string;
      const turn = await exchange(api.baseUrl, token, 'POST', '/agent/chat', {
        body: { agent_id: agentId, message: 'HOLD until too late' },
      });
      expect(turn.status).toBe(504);
      expect((turn.body as Json).error.code).toBe('AGENTS.CHAT_MODEL_TIMEOUT');
      expect(validator!.problems('POST /agent/chat', 504, turn.body)).toEqual([]);
      model.release();
      // In a stream the timeout comes after message_start: an error event ends it.
      const stream = await exchange(api.baseUrl, token, 'POST', '/agent/stream-chat', {
        body: { agent_id: agentId, message: 'HOLD again' },
      });
      model.release();
      const events = stream.body as Json[];
      expect(events.map((event) => event.type as string)).toEqual(['message_start', 'error']);
      expect(events[1].message).toContain('did not answer within 1000 ms');
    });
  },
);

/**
 * The contract cases of agents and tools (test/e2e/contract-cases), run here through this
 * file's validator until the contract harness runs them with its own.
 */
describe.skipIf(!validator).each(PROFILES)('agents and tools contract cases (%s)', (profile) => {
  let api: TestApp;
  let context: ContractContext;

  beforeAll(async () => {
    api = await startTestApp(profile, { RATE_LIMIT_MAX: '100000' });
    const credentials = await api.createClient('contract');
    const token = await api.token(credentials);
    context = {
      profile,
      baseUrl: api.baseUrl,
      token,
      credentials,
      call: (method, path, request) => exchange(api.baseUrl, token, method, path, request),
      state: new Map(),
    };
  });

  afterAll(async () => {
    await api?.close();
  });

  const all: ContractCase[] = [...agentCases, ...toolCases];
  it.each(all.map((item) => [`${item.operation}: ${item.title}`, item] as const))(
    '%s',
    async (_name, item) => {
      const result = await item.run(context);
      for (const response of Array.isArray(result) ? result : [result]) {
        const problems = validator!.problems(
          item.operation,
          response.status,
          response.body,
          response.headers['content-type'],
        );
        expect(problems, `${response.status}: ${JSON.stringify(response.body)}`).toEqual([]);
      }
    },
  );
});
