import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsOptional, IsString, MaxLength } from 'class-validator';

export class CohortDto {
  @ApiProperty({ example: 'female patients over 65 with diabetes but not hypertension' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(10_000)
  text!: string;
}

export class CohortRunDto extends CohortDto {
  @ApiPropertyOptional({
    description: 'A FHIR provider id or name; the account sandbox when absent',
  })
  @IsOptional()
  @IsString()
  provider?: string;
}
