import { Body, Controller, Get, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus, QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CurrentTenant } from '@app/auth';
import { ok, type Tenant } from '@app/shared';
import { ChatWithAgentCommand } from '../../application/commands/chat-with-agent/chat-with-agent.command.js';
import { GetChatSessionQuery } from '../../application/queries/get-chat-session/get-chat-session.query.js';
import { ChatRequestDto, ChatResponseDto, ChatSessionResponseDto } from './chat.dto.js';
import { presentSession, presentTurn } from './presenters.js';

/** Chat with an agent through the configured OpenAI-compatible model; sessions are kept in the database. */
@ApiTags('agent')
@ApiBearerAuth('bearer')
@Controller('agent/chat')
export class ChatController {
  constructor(
    private readonly commands: CommandBus,
    private readonly queries: QueryBus,
  ) {}

  @Post()
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
    const turn = await this.commands.execute(
      new ChatWithAgentCommand(tenant.accountId, body.agent_id, body.message, body.session_id),
    );
    return ok('Agent answered', { data: presentTurn(turn) });
  }

  @Get(':sessionId')
  @ApiOperation({ summary: "A chat session's messages, oldest first" })
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
