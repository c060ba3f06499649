import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';

type Json = Record<string, any>;

export async function readJson(request: IncomingMessage): Promise<Json> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Json;
}

/** Listens on a random loopback port; resolves to `http://127.0.0.1:<port>`. */
export function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve(`http://127.0.0.1:${port}`);
    }),
  );
}

function toolCall(id: string, name: string, args: Json): Json {
  return {
    role: 'assistant',
    content: null,
    tool_calls: [{ id, type: 'function', function: { name, arguments: JSON.stringify(args) } }],
  };
}

/**
 * A small OpenAI-compatible `/v1/chat/completions` server, deterministic. For a user
 * message it answers with a tool call chosen from the message ("search <words>",
 * "allergy <drug>", "run workflow <name>"), or else with "You said: <message>"; once the
 * last message is a tool result, it answers in words, quoting that result. A message
 * containing "HOLD" is answered only when `release()` is called; "FAIL" gets a 500.
 * With `stream: true` the same reply comes as server-sent chunks: the text word by word,
 * a tool call as its id and name first and its arguments in two fragments, then [DONE].
 */
export class OpenAiTestServer {
  readonly requests: { body: Json; authorization?: string }[] = [];
  private held: (() => void)[] = [];
  private server = createServer((request, response) => {
    void readJson(request).then((body) => this.answer(request, response, body));
  });
  url = '';

  /** Starts listening; resolves to the chat completions URL (CHAT_MODEL_URL). */
  async start(): Promise<string> {
    this.url = `${await listen(this.server)}/v1/chat/completions`;
    return this.url;
  }

  release(): void {
    for (const resolve of this.held.splice(0)) resolve();
  }

  async stop(): Promise<void> {
    this.release();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async answer(request: IncomingMessage, response: ServerResponse, body: Json) {
    this.requests.push({ body, authorization: request.headers.authorization });
    if (request.url !== '/v1/chat/completions') {
      response.writeHead(404).end('{"error":"not found"}');
      return;
    }
    const messages = body.messages as Json[];
    const last = messages[messages.length - 1];
    const lastUser = [...messages].reverse().find((message) => message.role === 'user')!;
    if (String(lastUser.content).includes('FAIL')) {
      response.writeHead(500).end('{"error":"boom"}');
      return;
    }
    if (String(lastUser.content).includes('HOLD')) {
      await new Promise<void>((resolve) => this.held.push(resolve));
    }
    const reply =
      last.role === 'tool'
        ? { role: 'assistant', content: `Tool said: ${String(last.content).slice(0, 300)}` }
        : this.reply(body, String(last.content));
    if (body.stream === true) {
      this.stream(response, reply);
      return;
    }
    response.writeHead(200, { 'Content-Type': 'application/json' });
    response.end(
      JSON.stringify({
        id: 'chatcmpl-1',
        object: 'chat.completion',
        choices: [
          { index: 0, message: reply, finish_reason: reply.tool_calls ? 'tool_calls' : 'stop' },
        ],
      }),
    );
  }

  private stream(response: ServerResponse, reply: Json): void {
    response.writeHead(200, { 'Content-Type': 'text/event-stream' });
    const chunk = (delta: Json, finish: string | null = null) =>
      response.write(
        `data: ${JSON.stringify({
          id: 'chatcmpl-1',
          object: 'chat.completion.chunk',
          choices: [{ index: 0, delta, finish_reason: finish }],
        })}\n\n`,
      );
    chunk({ role: 'assistant' });
    if (typeof reply.content === 'string') {
      for (const word of reply.content.split(/(?<= )/)) chunk({ content: word });
    }
    for (const [index, call] of ((reply.tool_calls ?? []) as Json[]).entries()) {
      const args = call.function.arguments as string;
      const half = Math.ceil(args.length / 2);
      chunk({
        tool_calls: [
          { index, id: call.id, type: 'function', function: { name: call.function.name } },
        ],
      });
      chunk({ tool_calls: [{ index, function: { arguments: args.slice(0, half) } }] });
      chunk({ tool_calls: [{ index, function: { arguments: args.slice(half) } }] });
    }
    chunk({}, reply.tool_calls ? 'tool_calls' : 'stop');
    response.end('data: [DONE]\n\n');
  }

  private reply(body: Json, text: string): Json {
    const tools = ((body.tools ?? []) as Json[]).map((tool) => tool.function.name as string);
    const search = /search (.+)/.exec(text);
    if (search) {
      return toolCall('call_search_1', 'construe_search_text', {
        system: 'chat_conditions',
        query: search[1],
      });
    }
    const allergy = /allergy (\w+)/.exec(text);
    if (allergy) {
      const name = tools.find((tool) => tool.endsWith('lookup_allergy'));
      return toolCall('call_allergy_1', name ?? 'missing_tool', { drug: allergy[1] });
    }
    const workflow = /run workflow (\w+)/.exec(text);
    if (workflow) {
      const name = tools.find((tool) => tool.startsWith('workflow_'));
      return toolCall('call_workflow_1', name ?? 'missing_tool', {
        input_data: { family_name: workflow[1], gender: 'male' },
        preview: true,
      });
    }
    return { role: 'assistant', content: `You said: ${text}` };
  }
}
