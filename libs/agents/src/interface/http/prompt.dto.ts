import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsNotEmpty,
  IsOptional,
  IsString,
  MaxLength,
} from 'class-validator';

/** Body of POST /agent/prompts and PUT /agent/prompts/{id} (a full replacement). */
export class PromptBodyDto {
  @ApiProperty({ example: 'Clinical coder', maxLength: 200 })
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
    description: 'The system message the prompt contributes to a chat',
    example: 'You code clinical notes with ICD-10-CM. Search the code system before answering.',
    maxLength: 100_000,
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100_000)
  content!: string;

  @ApiPropertyOptional({
    description:
      "true makes this the account's default prompt (the previous default stops being one); agents without prompts use it",
    default: false,
  })
  @IsOptional()
  @IsBoolean()
  is_default?: boolean;

  @ApiPropertyOptional({ type: [String], example: ['coding'] })
  @IsOptional()
  @IsArray()
  @ArrayMaxSize(50)
  @IsString({ each: true })
  @MaxLength(100, { each: true })
  tags?: string[];
}

export class PromptDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() description!: string;
  @ApiProperty() content!: string;
  @ApiProperty() is_default!: boolean;
  @ApiProperty({ type: [String] }) tags!: string[];
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}

export class PromptResponseDto {
  @ApiProperty() success!: boolean;
  @ApiProperty() message!: string;
  @ApiProperty({ type: PromptDto }) data!: PromptDto;
}

export class PromptListResponseDto {
  @ApiProperty() success!: boolean;
  @ApiProperty() message!: string;
  @ApiProperty({ type: [PromptDto] }) prompts!: PromptDto[];
}
