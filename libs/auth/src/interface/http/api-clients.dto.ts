import { ApiProperty } from '@nestjs/swagger';
import { IsNotEmpty, IsString, MaxLength } from 'class-validator';

export class CreateApiClientDto {
  @ApiProperty({
    description: 'A label for the new client',
    example: 'etl-pipeline',
    maxLength: 100,
  })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name!: string;
}

export class ApiClientDto {
  @ApiProperty() client_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() enabled!: boolean;
  @ApiProperty() created_at!: string;
}

export class ListApiClientsResponseDto {
  @ApiProperty() success!: boolean;
  @ApiProperty() message!: string;
  @ApiProperty({ type: [ApiClientDto] }) clients!: ApiClientDto[];
}

export class CreatedApiClientResponseDto {
  @ApiProperty() success!: boolean;
  @ApiProperty() message!: string;
  @ApiProperty() client_id!: string;
  @ApiProperty({ description: 'Shown once; only a hash is stored' }) client_secret!: string;
  @ApiProperty() name!: string;
}
