import { Module } from '@nestjs/common';

/** Agents, agent prompts, MCP tool servers, the service's own MCP endpoint, and chat. */
@Module({})
export class AgentsModule {}
