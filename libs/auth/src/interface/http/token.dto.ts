import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';

/** Documented for OpenAPI; the guard reads these fields itself to answer OAuth-shaped errors. */
export class TokenRequestDto {
  @ApiPropertyOptional({ example: 'client_credentials' })
  grant_type?: string;

  @ApiPropertyOptional({ description: 'Form-body alternative to HTTP Basic' })
  client_id?: string;

  @ApiPropertyOptional({ description: 'Form-body alternative to HTTP Basic' })
  client_secret?: string;
}

export class TokenResponseDto {
  @ApiProperty()
  access_token!: string;

  @ApiProperty({ example: 'Bearer' })
  token_type!: 'Bearer';

  @ApiProperty({ example: 172800, description: 'Lifetime in seconds' })
  expires_in!: number;
}

export class LegacyTokenResponseDto {
  @ApiProperty({ description: 'The access token (a JWT), as access_token of /v2/auth/token' })
  token!: string;
}

export class LegacyTokenErrorDto {
  @ApiProperty({ example: 401 }) code!: number;
  @ApiProperty({ example: 'Invalid credentials' }) message!: string;
  @ApiProperty({ type: 'object', additionalProperties: true, nullable: true, example: null })
  data!: null;
}
