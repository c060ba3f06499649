import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

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
