import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, IsUrl, MaxLength } from 'class-validator';
import { IsStringRecord } from './validators.js';

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

  @ApiProperty({
    description: 'The MCP endpoint (Streamable HTTP), e.g. https://tools.example.org/mcp',
    example: 'https://tools.example.org/mcp',
  })
  @IsUrl({ protocols: ['http', 'https'], require_protocol: true, require_tld: false })
  @MaxLength(2000)
  url!: string;

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
  @ApiProperty() url!: string;
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
  @ApiProperty({ type: [ToolServerDto] }) data!: ToolServerDto[];
}
