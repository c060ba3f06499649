import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsOptional, IsString } from 'class-validator';

export class CreateMultiNoStoreDto {
  @ApiProperty({ description: 'Clinical text naming several resources' })
  @IsString()
  text!: string;

  @ApiPropertyOptional({ default: 'R4', description: 'Only R4 is produced' })
  @IsOptional()
  @IsString()
  version?: string;

  @ApiPropertyOptional({ description: 'Accepted; profiles do not vary by provider here' })
  @IsOptional()
  @IsString()
  provider?: string;

  @ApiPropertyOptional({ description: 'Accepted; US Core is the only guide applied' })
  @IsOptional()
  @IsString()
  implementation_guide?: string;

  @ApiPropertyOptional({ enum: ['standard', 'deep'], description: 'Accepted; detection runs once' })
  @IsOptional()
  @IsIn(['standard', 'deep'])
  detection_effort?: 'standard' | 'deep';

  @ApiPropertyOptional({
    enum: ['none', 'check', 'fix'],
    description: 'Every resource is checked against its profile before it is returned',
  })
  @IsOptional()
  @IsIn(['none', 'check', 'fix'])
  validation_method?: 'none' | 'check' | 'fix';
}
