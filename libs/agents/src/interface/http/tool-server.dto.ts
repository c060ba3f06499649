import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, IsUrl, MaxLength } from 'class-validator';
import { IsStringRecord } from './validators.js';

const URL_RULES = { protocols: ['http', 'https'], require_protocol: true, require_tld: false };

export class RegisterToolServerDto {
  @ApiProperty({ example: 'drug-interactions', maxLength: 100 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name!: string;

  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  description?: string;

  @ApiPropertyOptional({
    description:
      'The MCP endpoint (Streamable HTTP), e.g. https://tools.example.org/mcp. One of mcp_server_url and url is required.',
    example: 'https://tools.example.org/mcp',
  })
  @IsOptional()
  @IsUrl(URL_RULES)
  @MaxLength(2000)
  mcp_server_url?: string;

  @ApiPropertyOptional({ description: 'Older name of mcp_server_url' })
  @IsOptional()
  @IsUrl(URL_RULES)
  @MaxLength(2000)
  url?: string;

  @ApiPropertyOptional({
    description:
      'Headers sent with every request to the server. Stored encrypted; only their names are returned.',
    type: 'object',
    additionalProperties: { type: 'string' },
    example: { 'X-Api-Key': '…' },
    writeOnly: true,
  })
  @IsOptional()
  @IsStringRecord(20)
  headers?: Record<string, string>;

  @ApiPropertyOptional({
    description: 'Sent as "Authorization: Bearer <token>". Stored encrypted, never returned.',
    writeOnly: true,
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(8192)
  bearer_token?: string;
}

export class ToolServerDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() description!: string;
  @ApiProperty() mcp_server_url!: string;
  @ApiProperty({ description: 'Same as mcp_server_url (older name)' }) url!: string;
  @ApiProperty({
    type: [String],
    description: 'Names of the stored headers (values are never returned)',
  })
  header_names!: string[];
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}

export class ToolServerResponseDto {
  @ApiProperty() success!: boolean;
  @ApiProperty() message!: string;
  @ApiProperty({ type: ToolServerDto }) data!: ToolServerDto;
}

export class ToolServerListResponseDto {
  @ApiProperty() success!: boolean;
  @ApiProperty() message!: string;
  @ApiProperty({ type: [ToolServerDto] }) mcp_servers!: ToolServerDto[];
}

export class ServerToolDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() description!: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'JSON Schema of its arguments',
  })
  input_schema!: Record<string, unknown>;
  @ApiProperty({ format: 'uuid' }) mcp_server_id!: string;
  @ApiProperty() mcp_server_url!: string;
}

export class ToolServerCreatedResponseDto extends ToolServerResponseDto {
  @ApiProperty({ type: [ToolServerDto], description: 'The new server (the same as data)' })
  mcp_servers!: ToolServerDto[];
  @ApiProperty({ type: [ServerToolDto], description: 'The tools it listed at registration' })
  mcp_server_tools!: ServerToolDto[];
}

export class ServerToolListResponseDto {
  @ApiProperty() success!: boolean;
  @ApiProperty() message!: string;
  @ApiProperty({ type: [ServerToolDto] }) mcp_server_tools!: ServerToolDto[];
}

export class ServerToolResponseDto {
  @ApiProperty() success!: boolean;
  @ApiProperty() message!: string;
  @ApiProperty({ type: ServerToolDto }) data!: ServerToolDto;
}
