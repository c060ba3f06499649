import { expect } from 'vitest';
import type {
  ContractCase,
  ContractContext,
  ContractRequest,
  ContractResponse,
} from '../../support/contract/contract-case.js';
import { companion } from './agents-companion.js';

/**
 * Prompts, agents, chat and the legacy token. Ids flow between cases through
 * `context.state` under `agents.*` keys; chat runs on the companion API (a model is needed).
 */
type Json = Record<string, any>;

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';
const BAD_TOKEN = { authorization: 'Bearer not-a-token' };

function jsonPatch(patch: unknown): ContractRequest {
  return { rawBody: JSON.stringify(patch), headers: { 'content-type': 'application/json+patch' } };
}

function expectStatus(response: ContractResponse, status: number): ContractResponse {
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  return response;
}

function id(context: ContractContext, key: string): string {
  const value = context.state.get(key);
  if (typeof value !== 'string') throw new Error(`${key} was not set by an earlier case`);
  return value;
}

function basic(context: ContractContext, secret = context.credentials.clientSecret): string {
  return `Basic ${Buffer.from(`${context.credentials.clientId}:${secret}`).toString('base64')}`;
}

/** An agent with a prompt on the companion API, for the chat cases. */
async function companionAgent(context: ContractContext): Promise<string> {
  const cached = context.state.get('agents.chatAgentId');
  if (typeof cached === 'string') return cached;
  const api = await companion(context);
  const prompt = expectStatus(
    await api.call('POST', '/agent/prompts', { body: { name: 'chat', content: 'Be helpful.' } }),
    201,
  );
  const agent = expectStatus(
    await api.call('POST', '/agent/create', {
      body: { name: 'chat', prompts: [(prompt.body as Json).data.id] },
    }),
    201,
  );
  const agentId = (agent.body as Json).data.id as string;
  context.state.set('agents.chatAgentId', agentId);
  return agentId;
}

export const cases: ContractCase[] = [
  {
    operation: 'POST /agent/prompts',
    title: 'creates a prompt (201); a prompt without content is 400; no token is 401',
    async run(context) {
      const created = expectStatus(
        await context.call('POST', '/agent/prompts', {
          body: {
            name: 'Medical Assistant System Prompt',
            description: 'System prompt for the medical assistant agent',
            content: 'You are a helpful medical assistant.',
            is_default: false,
            tags: ['medical', 'system'],
          },
        }),
        201,
      );
      context.state.set('agents.promptId', (created.body as Json).data.id);
      const spare = expectStatus(
        await context.call('POST', '/agent/prompts', { body: { name: 'spare', content: 'x' } }),
        201,
      );
      context.state.set('agents.sparePromptId', (spare.body as Json).data.id);
      return [
        created,
        spare,
        expectStatus(await context.call('POST', '/agent/prompts', { body: { name: 'x' } }), 400),
        expectStatus(
          await context.call('POST', '/agent/prompts', {
            body: { name: 'x', content: 'y' },
            headers: BAD_TOKEN,
          }),
          401,
        ),
      ];
    },
  },
  {
    operation: 'GET /agent/prompts/list',
    title: 'lists the prompts under "prompts"',
    async run(context) {
      const list = expectStatus(await context.call('GET', '/agent/prompts/list'), 200);
      const ids = ((list.body as Json).prompts as Json[]).map((prompt) => prompt.id as string);
      expect(ids).toContain(id(context, 'agents.promptId'));
      return list;
    },
  },
  {
    operation: 'GET /agent/prompts/{id}',
    title: 'reads a prompt; an unknown id is 404',
    async run(context) {
      return [
        expectStatus(
          await context.call('GET', `/agent/prompts/${id(context, 'agents.promptId')}`),
          200,
        ),
        expectStatus(await context.call('GET', `/agent/prompts/${UNKNOWN_ID}`), 404),
      ];
    },
  },
  {
    operation: 'PUT /agent/prompts/{id}',
    title: 'replaces a prompt; a bad body is 400, an unknown id 404',
    async run(context) {
      const path = `/agent/prompts/${id(context, 'agents.promptId')}`;
      return [
        expectStatus(
          await context.call('PUT', path, {
            body: { name: 'Medical Assistant', content: 'You are a careful assistant.' },
          }),
          200,
        ),
        expectStatus(await context.call('PUT', path, { body: { name: 7 } }), 400),
        expectStatus(
          await context.call('PUT', `/agent/prompts/${UNKNOWN_ID}`, {
            body: { name: 'x', content: 'y' },
          }),
          404,
        ),
      ];
    },
  },
  {
    operation: 'PATCH /agent/prompts/{id}',
    title: 'patches a prompt (application/json+patch); a failing test is 400, an unknown id 404',
    async run(context) {
      const path = `/agent/prompts/${id(context, 'agents.promptId')}`;
      const patched = expectStatus(
        await context.call(
          'PATCH',
          path,
          jsonPatch([{ op: 'replace', path: '/content', value: 'Updated prompt content.' }]),
        ),
        200,
      );
      expect((patched.body as Json).data.content).toBe('Updated prompt content.');
      return [
        patched,
        expectStatus(
          await context.call(
            'PATCH',
            path,
            jsonPatch([{ op: 'test', path: '/content', value: 'something else' }]),
          ),
          400,
        ),
        expectStatus(
          await context.call(
            'PATCH',
            `/agent/prompts/${UNKNOWN_ID}`,
            jsonPatch([{ op: 'replace', path: '/name', value: 'x' }]),
          ),
          404,
        ),
      ];
    },
  },
  {
    operation: 'POST /agent/create',
    title: 'creates an agent (201); an unknown prompt id is 400',
    async run(context) {
      const created = expectStatus(
        await context.call('POST', '/agent/create', {
          body: {
            name: 'Medical Assistant',
            description: 'An AI assistant for medical information processing',
            prompts: [id(context, 'agents.promptId')],
            tags: ['medical', 'fhir'],
          },
        }),
        201,
      );
      context.state.set('agents.agentId', (created.body as Json).data.id);
      return [
        created,
        expectStatus(
          await context.call('POST', '/agent/create', {
            body: { name: 'x', prompts: [UNKNOWN_ID] },
          }),
          400,
        ),
      ];
    },
  },
  {
    operation: 'GET /agent/list',
    title: 'lists the agents under "agents", filtered by tags',
    async run(context) {
      const all = expectStatus(await context.call('GET', '/agent/list'), 200);
      const tagged = expectStatus(
        await context.call('GET', '/agent/list', { query: { tags: 'fhir' } }),
        200,
      );
      const ids = ((tagged.body as Json).agents as Json[]).map((agent) => agent.id as string);
      expect(ids).toContain(id(context, 'agents.agentId'));
      return [all, tagged];
    },
  },
  {
    operation: 'GET /agent/{id}',
    title: 'reads an agent; an unknown id is 404',
    async run(context) {
      return [
        expectStatus(await context.call('GET', `/agent/${id(context, 'agents.agentId')}`), 200),
        expectStatus(await context.call('GET', `/agent/${UNKNOWN_ID}`), 404),
      ];
    },
  },
  {
    operation: 'PUT /agent/{id}',
    title: 'replaces an agent; a missing name is 400, an unknown id 404',
    async run(context) {
      const body = {
        name: 'Medical Assistant',
        prompts: [id(context, 'agents.promptId')],
        tags: ['medical', 'fhir'],
      };
      const path = `/agent/${id(context, 'agents.agentId')}`;
      return [
        expectStatus(await context.call('PUT', path, { body }), 200),
        expectStatus(await context.call('PUT', path, { body: { prompts: [] } }), 400),
        expectStatus(await context.call('PUT', `/agent/${UNKNOWN_ID}`, { body }), 404),
      ];
    },
  },
  {
    operation: 'PATCH /agent/{id}',
    title: 'patches an agent; a patch that cannot apply is 400, an unknown id 404',
    async run(context) {
      const path = `/agent/${id(context, 'agents.agentId')}`;
      const patched = expectStatus(
        await context.call(
          'PATCH',
          path,
          jsonPatch([
            { op: 'replace', path: '/description', value: 'patched description' },
            { op: 'add', path: '/tags/-', value: 'updated' },
          ]),
        ),
        200,
      );
      expect((patched.body as Json).data.tags).toEqual(['medical', 'fhir', 'updated']);
      return [
        patched,
        expectStatus(
          await context.call('PATCH', path, jsonPatch([{ op: 'remove', path: '/nowhere' }])),
          400,
        ),
        expectStatus(
          await context.call(
            'PATCH',
            `/agent/${UNKNOWN_ID}`,
            jsonPatch([{ op: 'replace', path: '/name', value: 'x' }]),
          ),
          404,
        ),
      ];
    },
  },
  {
    operation: 'POST /agent/chat',
    title: 'one turn with a tool round (companion API with a test model); 400, 404, 409',
    async run(context) {
      const api = await companion(context);
      const agentId = await companionAgent(context);
      const turn = expectStatus(
        await api.call('POST', '/agent/chat', {
          body: { agent_id: agentId, message: 'search asthma' },
        }),
        200,
      );
      context.state.set('agents.sessionId', (turn.body as Json).session_id);
      const before = api.model.requests.length;
      const held = api.call('POST', '/agent/chat', {
        body: { agent_id: agentId, session_id: (turn.body as Json).session_id, message: 'HOLD' },
      });
      while (api.model.requests.length === before) await new Promise((r) => setTimeout(r, 20));
      const busy = expectStatus(
        await api.call('POST', '/agent/chat', {
          body: { agent_id: agentId, session_id: (turn.body as Json).session_id, message: 'x' },
        }),
        409,
      );
      api.model.release();
      return [
        turn,
        busy,
        expectStatus(await held, 200),
        expectStatus(await api.call('POST', '/agent/chat', { body: { agent_id: agentId } }), 400),
        expectStatus(
          await api.call('POST', '/agent/chat', { body: { agent_id: UNKNOWN_ID, message: 'x' } }),
          404,
        ),
      ];
    },
  },
  {
    operation: 'POST /agent/stream-chat',
    title: 'a streamed turn: every event is an AgentChatStreamEvent; unknown agent 404',
    async run(context) {
      const api = await companion(context);
      const agentId = await companionAgent(context);
      const stream = expectStatus(
        await api.call('POST', '/agent/stream-chat', {
          body: { agent_id: agentId, message: 'search diabetes' },
        }),
        200,
      );
      const types = (stream.body as Json[]).map((event) => event.type as string);
      expect(types).toEqual(expect.arrayContaining(['tool_use', 'tool_result', 'content_delta']));
      return [
        stream,
        expectStatus(
          await api.call('POST', '/agent/stream-chat', {
            body: { agent_id: UNKNOWN_ID, message: 'x' },
          }),
          404,
        ),
      ];
    },
  },
  {
    operation: 'GET /agent/chat/messages',
    title: "a session's messages with the document's query parameters; unknown session 404",
    async run(context) {
      const api = await companion(context);
      const sessionId = id(context, 'agents.sessionId');
      const page = expectStatus(
        await api.call('GET', '/agent/chat/messages', {
          query: { chat_session_id: sessionId, num_messages: 3, role: 'user,model', order: 'asc' },
        }),
        200,
      );
      expect(
        ((page.body as Json).messages as Json[]).map((message) => message.role as string),
      ).toEqual(['user', 'model', 'user']);
      return [
        page,
        expectStatus(
          await api.call('GET', '/agent/chat/messages', {
            query: { chat_session_id: UNKNOWN_ID },
          }),
          404,
        ),
      ];
    },
  },
  {
    operation: 'DELETE /agent/{id}',
    title: 'deletes an agent; again is 404',
    async run(context) {
      const path = `/agent/${id(context, 'agents.agentId')}`;
      return [
        expectStatus(await context.call('DELETE', path), 200),
        expectStatus(await context.call('DELETE', path), 404),
      ];
    },
  },
  {
    operation: 'DELETE /agent/prompts/{id}',
    title: 'deletes a prompt; again is 404',
    async run(context) {
      const path = `/agent/prompts/${id(context, 'agents.sparePromptId')}`;
      return [
        expectStatus(await context.call('DELETE', path), 200),
        expectStatus(await context.call('DELETE', path), 404),
      ];
    },
  },
  {
    operation: 'POST /auth/token',
    title: 'legacy token: { token } for HTTP Basic; wrong secret 401 with { code, message, data }',
    async run(context) {
      const issued = expectStatus(
        await context.call('POST', '/auth/token', {
          headers: { authorization: basic(context) },
        }),
        200,
      );
      return [
        issued,
        expectStatus(
          await context.call('POST', '/auth/token', {
            headers: { authorization: basic(context, 'wrong-secret') },
          }),
          401,
        ),
      ];
    },
  },
];
