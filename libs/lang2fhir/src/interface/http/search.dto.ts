import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsNotEmpty, IsOptional, IsString, Max, MaxLength, Min } from 'class-validator';

export class SearchFromTextDto {
  @ApiProperty({ example: 'Appointments between March 2-9, 2025' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(10_000)
  text!: string;
}

export class SearchAndRunDto extends SearchFromTextDto {
  @ApiPropertyOptional({ description: 'Patient id: the search is about this patient' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(64)
  patient_id?: string;

  @ApiPropertyOptional({ minimum: 1, maximum: 100 })
  @IsOptional()
  @IsInt()
  @Min(1)
  @Max(100)
  count?: number;

  @ApiPropertyOptional({
    description: 'A FHIR provider id or name; the account sandbox when absent',
  })
  @IsOptional()
  @IsString()
  provider?: string;
}
