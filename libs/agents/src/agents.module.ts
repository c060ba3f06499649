import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ConstrueModule } from '@app/construe';
import { FhirModule } from '@app/fhir';
import { FhirProviderModule } from '@app/fhir-provider';
import { Lang2FhirModule } from '@app/lang2fhir';
import { OmopModule } from '@app/omop';
import { secretCipherProvider } from '@app/platform';
import { AppConfig, AppError } from '@app/shared';
import { SummaryModule } from '@app/summary';
import { WorkflowsModule } from '@app/workflows';
import { ChatWithAgentHandler } from './application/commands/chat-with-agent/chat-with-agent.handler.js';
import { CreateAgentHandler } from './application/commands/create-agent/create-agent.handler.js';
import { CreatePromptHandler } from './application/commands/create-prompt/create-prompt.handler.js';
import { DeleteAgentHandler } from './application/commands/delete-agent/delete-agent.handler.js';
import { DeletePromptHandler } from './application/commands/delete-prompt/delete-prompt.handler.js';
import { DeleteToolServerHandler } from './application/commands/delete-tool-server/delete-tool-server.handler.js';
import { RegisterToolServerHandler } from './application/commands/register-tool-server/register-tool-server.handler.js';
import { RemoveServerToolHandler } from './application/commands/remove-server-tool/remove-server-tool.handler.js';
import { UpdateAgentHandler } from './application/commands/update-agent/update-agent.handler.js';
import { UpdatePromptHandler } from './application/commands/update-prompt/update-prompt.handler.js';
import { AgentRepository } from './application/ports/agent.repository.js';
import { ChatModel } from './application/ports/chat-model.js';
import { ChatSessionRepository } from './application/ports/chat-session.repository.js';
import { PromptRepository } from './application/ports/prompt.repository.js';
import { RemoteToolClient } from './application/ports/remote-tool-client.js';
import { ToolServerRepository } from './application/ports/tool-server.repository.js';
import { ToolServerToolRepository } from './application/ports/tool-server-tool.repository.js';
import { GetAgentHandler } from './application/queries/get-agent/get-agent.handler.js';
import { GetChatSessionHandler } from './application/queries/get-chat-session/get-chat-session.handler.js';
import { GetServerToolHandler } from './application/queries/get-server-tool/get-server-tool.handler.js';
import { GetPromptHandler } from './application/queries/get-prompt/get-prompt.handler.js';
import { GetToolServerHandler } from './application/queries/get-tool-server/get-tool-server.handler.js';
import { ListChatMessagesHandler } from './application/queries/list-chat-messages/list-chat-messages.handler.js';
import { ListAgentsHandler } from './application/queries/list-agents/list-agents.handler.js';
import { ListPromptsHandler } from './application/queries/list-prompts/list-prompts.handler.js';
import { ListServerToolsHandler } from './application/queries/list-server-tools/list-server-tools.handler.js';
import { ListToolServersHandler } from './application/queries/list-tool-servers/list-tool-servers.handler.js';
import { AgentReferenceCheck } from './application/services/agent-reference-check.js';
import { AgentToolsets } from './application/services/agent-toolsets.js';
import { AgentWorkflowReferences } from './application/services/agent-workflow-references.js';
import { ServiceToolbox } from './application/services/service-toolbox.js';
import { ToolServerConnector } from './application/services/tool-server-connector.js';
import {
  OpenAiCompatibleChatModel,
  UnconfiguredChatModel,
} from './infrastructure/chat/openai-compatible.chat-model.js';
import { AgentsErrorCodes } from './domain/agents-errors.js';

import { SdkRemoteToolClient } from './infrastructure/mcp/sdk-remote-tool-client.js';
import { AgentPromptEntity } from './infrastructure/persistence/agent-prompt.entity.js';
import {
  AgentEntity,
  AgentPromptLinkEntity,
  AgentToolLinkEntity,
} from './infrastructure/persistence/agent.entity.js';
import {
  ChatMessageEntity,
  ChatSessionEntity,
} from './infrastructure/persistence/chat-session.entity.js';
import { ToolServerEntity } from './infrastructure/persistence/tool-server.entity.js';
import { ToolServerToolEntity } from './infrastructure/persistence/tool-server-tool.entity.js';
import { TypeOrmAgentRepository } from './infrastructure/persistence/typeorm-agent.repository.js';
import { TypeOrmChatSessionRepository } from './infrastructure/persistence/typeorm-chat-session.repository.js';
import { TypeOrmPromptRepository } from './infrastructure/persistence/typeorm-prompt.repository.js';
import { TypeOrmToolServerRepository } from './infrastructure/persistence/typeorm-tool-server.repository.js';
import { TypeOrmToolServerToolRepository } from './infrastructure/persistence/typeorm-tool-server-tool.repository.js';
import { AgentsController } from './interface/http/agents.controller.js';
import { ChatController } from './interface/http/chat.controller.js';
import { PromptsController } from './interface/http/prompts.controller.js';
import { ToolServersController } from './interface/http/tool-servers.controller.js';
import { McpController } from './interface/mcp/mcp.controller.js';

const handlers = [
  CreatePromptHandler,
  UpdatePromptHandler,
  DeletePromptHandler,
  GetPromptHandler,
  ListPromptsHandler,
  CreateAgentHandler,
  UpdateAgentHandler,
  DeleteAgentHandler,
  GetAgentHandler,
  ListAgentsHandler,
  RegisterToolServerHandler,
  DeleteToolServerHandler,
  GetToolServerHandler,
  ListToolServersHandler,
  ListServerToolsHandler,
  GetServerToolHandler,
  RemoveServerToolHandler,
  ChatWithAgentHandler,
  GetChatSessionHandler,
  ListChatMessagesHandler,
];

/** Agents, agent prompts, MCP tool servers, the service's own MCP endpoint, and chat. */
@Module({
  imports: [
    TypeOrmModule.forFeature([
      AgentPromptEntity,
      AgentEntity,
      AgentPromptLinkEntity,
      AgentToolLinkEntity,
      ToolServerEntity,
      ToolServerToolEntity,
      ChatSessionEntity,
      ChatMessageEntity,
    ]),
    FhirModule,
    FhirProviderModule,
    ConstrueModule,
    Lang2FhirModule,
    OmopModule,
    SummaryModule,
    WorkflowsModule,
  ],
  controllers: [
    PromptsController,
    ChatController,
    AgentsController,
    ToolServersController,
    McpController,
  ],
  providers: [
    ...handlers,
    AgentReferenceCheck,
    ServiceToolbox,
    AgentToolsets,
    AgentWorkflowReferences,
    ToolServerConnector,
    { provide: PromptRepository, useClass: TypeOrmPromptRepository },
    { provide: AgentRepository, useClass: TypeOrmAgentRepository },
    { provide: ToolServerRepository, useClass: TypeOrmToolServerRepository },
    { provide: ToolServerToolRepository, useClass: TypeOrmToolServerToolRepository },
    { provide: ChatSessionRepository, useClass: TypeOrmChatSessionRepository },
    { provide: RemoteToolClient, useClass: SdkRemoteToolClient },
    secretCipherProvider(
      () =>
        new AppError(
          500,
          AgentsErrorCodes.SECRET_UNREADABLE,
          'Stored tool server headers cannot be decrypted (was ENCRYPTION_KEY changed?); register the server again',
        ),
    ),
    {
      provide: ChatModel,
      inject: [AppConfig],
      useFactory: (config: AppConfig): ChatModel =>
        config.chatModelUrl
          ? new OpenAiCompatibleChatModel(
              config.chatModelUrl,
              config.chatModelName,
              config.chatModelApiKey,
              config.chatModelTimeoutMs,
            )
          : new UnconfiguredChatModel(),
    },
  ],
})
export class AgentsModule {}
