import { AppError } from '@app/shared';
import { ChatModel, type ChatToolSpec } from '../../application/ports/chat-model.js';
import { AgentsErrorCodes } from '../../domain/agents-errors.js';
import { chatModelNotConfigured } from '../../application/errors.js';
import type { ChatMessage } from '../../domain/chat/chat-message.js';
import type { ModelReply } from '../../domain/chat/tool-loop.js';
import {
  readCompletion,
  sseData,
  StreamedCompletion,
  toWireMessages,
  toWireTools,
} from './openai-wire.js';

function modelFailed(reason: string): AppError {
  return new AppError(502, AgentsErrorCodes.CHAT_MODEL_FAILED, `The chat model failed: ${reason}`);
}

/** 504, the status the public API document gives chat for "Request timed out". */
function modelTimedOut(timeoutMs: number): AppError {
  return new AppError(
    504,
    AgentsErrorCodes.CHAT_MODEL_TIMEOUT,
    `The chat model did not answer within ${timeoutMs} ms (CHAT_MODEL_TIMEOUT_MS)`,
  );
}

/**
 * Any OpenAI-compatible `/v1/chat/completions` endpoint (OpenAI, Azure, vLLM, Ollama, …),
 * configured by the operator (CHAT_MODEL_URL), hence called directly.
 */
export class OpenAiCompatibleChatModel extends ChatModel {
  readonly configured = true;

  constructor(
    private readonly url: string,
    private readonly model: string,
    private readonly apiKey: string | undefined,
    private readonly timeoutMs: number,
  ) {
    super();
  }

  async complete(
    messages: readonly ChatMessage[],
    tools: readonly ChatToolSpec[],
    offerTools: boolean,
  ): Promise<ModelReply> {
    const response = await this.post(this.body(messages, tools, offerTools));
    let parsed: unknown;
    try {
      parsed = await response.json();
    } catch (error) {
      if ((error as Error).name === 'TimeoutError') throw modelTimedOut(this.timeoutMs);
      throw modelFailed('its answer is not JSON');
    }
    const reply = readCompletion(parsed);
    if (typeof reply === 'string') throw modelFailed(reply);
    return reply;
  }

  async stream(
    messages: readonly ChatMessage[],
    tools: readonly ChatToolSpec[],
    offerTools: boolean,
    onText: (delta: string) => void,
  ): Promise<ModelReply> {
    const response = await this.post({ ...this.body(messages, tools, offerTools), stream: true });
    if (!response.body) throw modelFailed('its answer has no body');
    const completion = new StreamedCompletion();
    try {
      for await (const data of sseData(response.body)) {
        if (data === '[DONE]') break;
        let chunk: unknown;
        try {
          chunk = JSON.parse(data);
        } catch {
          throw modelFailed('a streamed chunk is not JSON');
        }
        const text = completion.add(chunk);
        if (text !== '') onText(text);
      }
    } catch (error) {
      if (error instanceof AppError) throw error;
      if ((error as Error).name === 'TimeoutError') throw modelTimedOut(this.timeoutMs);
      throw modelFailed('the stream broke off');
    }
    const reply = completion.reply();
    if (typeof reply === 'string') throw modelFailed(reply);
    return reply;
  }

  private body(
    messages: readonly ChatMessage[],
    tools: readonly ChatToolSpec[],
    offerTools: boolean,
  ): Record<string, unknown> {
    const body: Record<string, unknown> = { model: this.model, messages: toWireMessages(messages) };
    if (tools.length > 0) {
      body.tools = toWireTools(tools);
      body.tool_choice = offerTools ? 'auto' : 'none';
    }
    return body;
  }

  /** The model's HTTP response, 2xx; anything else is a 502 saying what went wrong. */
  private async post(body: Record<string, unknown>): Promise<Response> {
    let response: Response;
    try {
      response = await fetch(this.url, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          ...(this.apiKey ? { Authorization: `Bearer ${this.apiKey}` } : {}),
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      if ((error as Error).name === 'TimeoutError') throw modelTimedOut(this.timeoutMs);
      throw modelFailed('it could not be reached');
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw modelFailed(`it answered HTTP ${response.status}`);
    }
    return response;
  }
}

/** Chat without a configured model: the feature answers 503 and says which setting is missing. */
export class UnconfiguredChatModel extends ChatModel {
  readonly configured = false;

  complete(): Promise<ModelReply> {
    return Promise.reject(chatModelNotConfigured());
  }

  stream(): Promise<ModelReply> {
    return Promise.reject(chatModelNotConfigured());
  }
}
