import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
} from 'class-validator';
import { IsProviderReference } from './validators.js';

const PROVIDER_SCHEMA = {
  oneOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' }, minItems: 1 }],
};

/** Body of POST /agent/create and PUT /agent/{id} (a full replacement). */
export class AgentBodyDto {
  @ApiProperty({ example: 'Coding assistant', maxLength: 200 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(200)
  name!: string;

  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  description?: string;

  @ApiProperty({
    type: [String],
    description:
      "Prompt ids, in the order their system messages are sent. Empty: the account's default prompt is used.",
  })
  @IsArray()
  @ArrayMaxSize(50)
  @ArrayUnique()
  @IsString({ each: true })
  prompts!: string[];

  @ApiPropertyOptional({
    type: [String],
    description: 'MCP tool server ids (POST /tools/mcp-server)',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(20)
  @ArrayUnique()
  @IsString({ each: true })
  tools?: string[];

  @ApiPropertyOptional({
    type: [String],
    description: 'Workflow ids, offered to the agent as tools',
  })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(100)
  @ArrayUnique()
  @IsString({ each: true })
  workflows?: string[];

  @ApiPropertyOptional({ type: [String] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  tags?: string[];

  @ApiPropertyOptional({
    ...PROVIDER_SCHEMA,
    description:
      "One FHIR provider id (or name) or several. Default: the account's sandbox provider. Stored as ids.",
  })
  @IsOptional()
  @IsProviderReference()
  provider?: string | string[];
}

export class AgentDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() description!: string;
  @ApiProperty({ type: [String] }) prompts!: string[];
  @ApiProperty({ type: [String] }) tools!: string[];
  @ApiProperty({ type: [String] }) workflows!: string[];
  @ApiProperty({ type: [String] }) tags!: string[];
  @ApiProperty(PROVIDER_SCHEMA) provider!: string | string[];
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}

export class AgentResponseDto {
  @ApiProperty() success!: boolean;
  @ApiProperty() message!: string;
  @ApiProperty({ type: AgentDto }) data!: AgentDto;
}

export class AgentListResponseDto {
  @ApiProperty() success!: boolean;
  @ApiProperty() message!: string;
  @ApiProperty({ type: [AgentDto] }) agents!: AgentDto[];
}
