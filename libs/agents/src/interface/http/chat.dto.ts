import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
} from 'class-validator';
import { LISTED_ROLES } from '../../domain/chat/message-listing.js';

const ROLE_LIST = new RegExp(`^(${LISTED_ROLES.join('|')})(,(${LISTED_ROLES.join('|')}))*$`);

export class ChatRequestDto {
  @ApiProperty({ format: 'uuid' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  agent_id!: string;

  @ApiProperty({
    example: 'Which ICD-10-CM code fits "type 2 diabetes with neuropathy"?',
    maxLength: 32_000,
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(32_000)
  message!: string;

  @ApiPropertyOptional({
    format: 'uuid',
    description: 'Continue this session; without it a new session starts',
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  session_id?: string;

  @ApiPropertyOptional({
    description:
      'Extra instructions for this turn only: sent to the model as a system message after the prompts, not stored in the session',
    maxLength: 32_000,
  })
  @IsOptional()
  @IsString()
  @MaxLength(32_000)
  context?: string;

  @ApiPropertyOptional({
    description: 'Accepted for compatibility with the public API; it does not change the turn',
    default: false,
  })
  @IsOptional()
  @IsBoolean()
  enhanced_reasoning?: boolean;
}

/** Query of GET /agent/chat/messages. */
export class ChatMessagesQueryDto {
  @ApiProperty({ format: 'uuid' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  chat_session_id!: string;

  @ApiPropertyOptional({ default: 10, minimum: 1, maximum: 1000 })
  @IsOptional()
  @Type(() => Number)
  @IsInt()
  @Min(1)
  @Max(1000)
  num_messages?: number;

  @ApiPropertyOptional({
    description: 'One role or several, comma-separated: user, assistant, model, function',
    example: 'user,assistant',
  })
  @IsOptional()
  @IsString()
  @Matches(ROLE_LIST, {
    message: `role must be one or more of ${LISTED_ROLES.join(', ')}, comma-separated`,
  })
  role?: string;

  @ApiPropertyOptional({ enum: ['asc', 'desc'], default: 'desc' })
  @IsOptional()
  @IsIn(['asc', 'desc'])
  order?: 'asc' | 'desc';
}

export class ChatToolCallDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'The arguments as the model wrote them (JSON text)' })
  arguments!: string;
  @ApiProperty({ description: 'What the tool answered, as the model read it' }) result!: string;
  @ApiProperty() is_error!: boolean;
}

export class UnavailableToolServerDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() reason!: string;
}

export class ChatTurnDto {
  @ApiProperty({ format: 'uuid' }) session_id!: string;
  @ApiProperty({ format: 'uuid' }) agent_id!: string;
  @ApiProperty() answer!: string;
  @ApiProperty({ type: [ChatToolCallDto] }) tool_calls!: ChatToolCallDto[];
  @ApiProperty({ description: 'The model still wanted tools when the round limit was reached' })
  round_limit_reached!: boolean;
  @ApiProperty({
    type: [UnavailableToolServerDto],
    description: 'Tool servers left out of this turn',
  })
  unavailable_tool_servers!: UnavailableToolServerDto[];
}

export class ChatResponseDto {
  @ApiProperty() success!: boolean;
  @ApiProperty() message!: string;
  @ApiProperty({ description: "The agent's answer (the same as data.answer)" })
  response!: string;
  @ApiProperty({ format: 'uuid', description: 'The same as data.session_id' })
  session_id!: string;
  @ApiProperty({ type: ChatTurnDto }) data!: ChatTurnDto;
}

export class ChatMessageDto {
  @ApiProperty({ enum: ['user', 'assistant', 'tool'] }) role!: string;
  @ApiProperty({ nullable: true, type: String }) content!: string | null;
  @ApiPropertyOptional({ type: [Object] }) tool_calls?: {
    id: string;
    name: string;
    arguments: string;
  }[];
  @ApiPropertyOptional() tool_call_id?: string;
  @ApiPropertyOptional() name?: string;
  @ApiPropertyOptional() is_error?: boolean;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

export class ChatSessionDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ format: 'uuid' }) agent_id!: string;
  @ApiProperty({ description: 'A turn is in progress' }) busy!: boolean;
  @ApiProperty({ type: [ChatMessageDto] }) messages!: ChatMessageDto[];
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}

export class ChatSessionResponseDto {
  @ApiProperty() success!: boolean;
  @ApiProperty() message!: string;
  @ApiProperty({ type: ChatSessionDto }) data!: ChatSessionDto;
}

export class ListedChatMessageDto {
  @ApiProperty() id!: string;
  @ApiProperty({ format: 'uuid' }) session_id!: string;
  @ApiProperty({ enum: ['user', 'assistant', 'model', 'function'] }) role!: string;
  @ApiProperty() content!: string;
  @ApiProperty({ format: 'date-time' }) created!: string;
  @ApiProperty({ format: 'date-time' }) updated!: string;
  @ApiPropertyOptional() function_name?: string;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  function_args?: Record<string, unknown>;
  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  function_result?: Record<string, unknown>;
  @ApiProperty() message_order!: number;
}

export class ChatMessagesResponseDto {
  @ApiProperty() success!: boolean;
  @ApiProperty() message!: string;
  @ApiProperty({ format: 'uuid' }) session_id!: string;
  @ApiProperty({ description: 'Messages matching the roles, before num_messages' })
  total!: number;
  @ApiProperty({ type: [ListedChatMessageDto] }) messages!: ListedChatMessageDto[];
}

/** The JSON of one server-sent event of POST /agent/stream-chat. */
export interface StreamEventDto {
  type: 'message_start' | 'content_delta' | 'tool_use' | 'tool_result' | 'message_end' | 'error';
  session_id?: string;
  content?: string;
  success?: boolean;
  message?: string;
  function_name?: string;
  function_args?: Record<string, unknown>;
  function_result?: Record<string, unknown>;
}
