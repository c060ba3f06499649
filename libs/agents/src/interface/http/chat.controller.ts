import { Body, Controller, Get, HttpCode, Logger, Param, Post, Query, Res } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiProduces, ApiTags } from '@nestjs/swagger';
import { CurrentTenant } from '@app/auth';
import { mapHttpError, ok, type Tenant } from '@app/shared';
import type { Response } from 'express';
import {
  ChatWithAgentCommand,
  type ChatTurn,
} from '../../application/commands/chat-with-agent/chat-with-agent.command.js';
import { GetChatSessionQuery } from '../../application/queries/get-chat-session/get-chat-session.query.js';
import { ListChatMessagesQuery } from '../../application/queries/list-chat-messages/list-chat-messages.query.js';
import type { ListedRole } from '../../domain/chat/message-listing.js';
import {
  ChatMessagesQueryDto,
  ChatMessagesResponseDto,
  ChatRequestDto,
  ChatResponseDto,
  ChatSessionResponseDto,
  type StreamEventDto,
} from './chat.dto.js';
import { presentMessagePage, presentSession, presentTurn, presentTurnEvent } from './presenters.js';

function errorMessage(body: unknown): string {
  const message = (body as { message?: unknown } | null)?.message;
  return typeof message === 'string' ? message : 'The turn failed';
}

/** Chat with an agent through the configured OpenAI-compatible model; sessions are kept in the database. */
@ApiTags('agent')
@ApiBearerAuth('bearer')
@Controller('agent')
export class ChatController {
  private readonly logger = new Logger(ChatController.name);

  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post('chat')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "One chat turn: the agent's prompts and tools through the chat model (503 without one; 409 while the session is busy)",
  })
  @ApiOkResponse({ type: ChatResponseDto })
  async chat(
    @CurrentTenant() tenant: Tenant,
    @Body() body: ChatRequestDto,
  ): Promise<ChatResponseDto> {
    const turn: ChatTurn = await this.commands.execute(
      new ChatWithAgentCommand(
        tenant.accountId,
        body.agent_id,
        body.message,
        body.session_id,
        undefined,
        body.context,
      ),
    );
    return ok('Agent answered', {
      response: turn.answer,
      session_id: turn.sessionId,
      data: presentTurn(turn),
    });
  }

  /**
   * The same turn as server-sent events: message_start, content_delta (the answer as the
   * model writes it), tool_use and tool_result, then message_end, or error when the turn
   * fails after it started. Failures before message_start are plain JSON errors.
   */
  @Post('stream-chat')
  @HttpCode(200)
  @ApiOperation({ summary: 'One chat turn, streamed as server-sent events' })
  @ApiProduces('text/event-stream')
  async streamChat(
    @CurrentTenant() tenant: Tenant,
    @Body() body: ChatRequestDto,
    @Res() response: Response,
  ): Promise<void> {
    let sessionId = body.session_id ?? '';
    let started = false;
    const send = (event: StreamEventDto) => {
      if (!started) {
        response.status(200);
        response.setHeader('Content-Type', 'text/event-stream; charset=utf-8');
        response.setHeader('Cache-Control', 'no-cache');
        response.setHeader('X-Accel-Buffering', 'no');
        response.flushHeaders();
        started = true;
      }
      response.write(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n\n`);
    };
    try {
      const turn: ChatTurn = await this.commands.execute(
        new ChatWithAgentCommand(
          tenant.accountId,
          body.agent_id,
          body.message,
          body.session_id,
          (event) => {
            if (event.type === 'message_start') sessionId = event.sessionId;
            send(presentTurnEvent(event, sessionId));
          },
          body.context,
        ),
      );
      send({
        type: 'message_end',
        session_id: turn.sessionId,
        success: true,
        message: 'Agent answered',
      });
    } catch (error) {
      if (!started) throw error;
      const mapped = mapHttpError(error);
      if (mapped.unexpected) this.logger.error((error as Error).stack ?? String(error));
      send({
        type: 'error',
        session_id: sessionId,
        success: false,
        message: errorMessage(mapped.body),
      });
    }
    response.end();
  }

  @Get('chat/messages')
  @ApiOperation({
    summary:
      "A session's messages in the public API's roles (user, assistant, model = tool calls, function = tool results)",
  })
  @ApiOkResponse({ type: ChatMessagesResponseDto })
  async messages(
    @CurrentTenant() tenant: Tenant,
    @Query() query: ChatMessagesQueryDto,
  ): Promise<ChatMessagesResponseDto> {
    const page = await this.queries.execute(
      new ListChatMessagesQuery(tenant.accountId, query.chat_session_id, {
        roles: (query.role?.split(',') ?? []) as ListedRole[],
        limit: query.num_messages ?? 10,
        order: query.order ?? 'desc',
      }),
    );
    return ok('Chat messages retrieved', presentMessagePage(page));
  }

  @Get('chat/:sessionId')
  @ApiOperation({ summary: "A chat session's messages, oldest first, as the model sees them" })
  @ApiOkResponse({ type: ChatSessionResponseDto })
  async session(
    @CurrentTenant() tenant: Tenant,
    @Param('sessionId') sessionId: string,
  ): Promise<ChatSessionResponseDto> {
    const session = await this.queries.execute(
      new GetChatSessionQuery(tenant.accountId, sessionId),
    );
    return ok('Chat session retrieved', { data: presentSession(session) });
  }
}
