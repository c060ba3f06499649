import { createServer, type Server } from 'node:http';

/**
 * An OpenAI-compatible chat completions endpoint that answers every request with one plain
 * assistant message, so the fuzzed chat requests reach the whole chat path instead of a 503.
 */
export class EchoChatModel {
  private readonly server: Server = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'Content-Type': 'application/json' });
      response.end(
        JSON.stringify({
          id: 'chatcmpl-fuzz',
          object: 'chat.completion',
          choices: [
            { index: 0, message: { role: 'assistant', content: 'Noted.' }, finish_reason: 'stop' },
          ],
        }),
      );
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const { port } = this.server.address() as { port: number };
    return `http://127.0.0.1:${port}/v1/chat/completions`;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.server.close(resolve));
  }
}
