import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  Allow,
  IsDefined,
  IsIn,
  IsISO8601,
  IsNotEmpty,
  IsOptional,
  IsString,
  IsUUID,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { AUTH_METHODS, ROLES, type AuthMethod, type Role } from '../../domain/auth-config.js';
import { PROVIDER_TYPES, type ProviderType } from '../../domain/provider-types.js';

export class AuthConfigRequestDto {
  @ApiProperty({ enum: AUTH_METHODS, example: 'client_secret' })
  @IsIn(AUTH_METHODS)
  auth_method!: AuthMethod;

  @ApiPropertyOptional({
    description: 'OAuth client id at the FHIR server (client_secret, jwt, on_behalf_of)',
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(500)
  client_id?: string;

  @ApiPropertyOptional({
    description: 'client_secret and on_behalf_of only. Stored encrypted, never returned.',
    writeOnly: true,
  })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(4096)
  client_secret?: string;

  @ApiPropertyOptional({
    enum: ROLES,
    description: 'Default read (admin for medplum). Not together with scopes.',
  })
  @IsOptional()
  @IsIn(ROLES)
  role?: Role;

  @ApiPropertyOptional({
    description: 'Space-separated OAuth scopes. Not together with role.',
    example: 'system/Patient.read',
  })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  scopes?: string;

  @ApiPropertyOptional({
    format: 'date-time',
    description: 'After this instant the configuration is not used',
  })
  @IsOptional()
  @IsISO8601({ strict: true })
  credential_expiry?: string;

  @ApiPropertyOptional({
    description:
      'Token endpoint; by default discovered from {base_url}/.well-known/smart-configuration',
  })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  token_url?: string;

  @ApiPropertyOptional({
    description:
      'google_healthcare only: the service account key file (JSON object or text). Stored encrypted.',
    type: 'object',
    additionalProperties: true,
    writeOnly: true,
  })
  @Allow()
  service_account_key?: unknown;
}

export class CreateFhirProviderDto {
  @ApiProperty({ example: 'Hospital EHR', maxLength: 100 })
  @IsString()
  @IsNotEmpty()
  @MaxLength(100)
  name!: string;

  @ApiPropertyOptional({ maxLength: 1000 })
  @IsOptional()
  @IsString()
  @MaxLength(1000)
  description?: string;

  @ApiProperty({ enum: PROVIDER_TYPES.filter((type) => type !== 'sandbox'), example: 'hapi' })
  @IsIn(PROVIDER_TYPES)
  provider!: ProviderType;

  @ApiProperty({ example: 'https://fhir.example.org/r4' })
  @IsString()
  @IsNotEmpty()
  @MaxLength(2000)
  base_url!: string;

  @ApiPropertyOptional({ deprecated: true, description: 'Use auth.client_id' })
  @IsOptional()
  @IsString()
  @IsNotEmpty()
  @MaxLength(500)
  client_id?: string;

  @ApiProperty({
    type: AuthConfigRequestDto,
    description: 'The first auth configuration; it becomes the active one',
  })
  @IsDefined()
  @ValidateNested()
  @Type(() => AuthConfigRequestDto)
  auth!: AuthConfigRequestDto;
}

export class AuthConfigIdDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all')
  auth_config_id!: string;
}

export class JsonWebKeyDto {
  @ApiProperty({ example: 'RSA' }) kty!: string;
  @ApiProperty() n!: string;
  @ApiProperty({ example: 'AQAB' }) e!: string;
  @ApiProperty() kid!: string;
  @ApiProperty({ example: 'RS384' }) alg!: string;
  @ApiProperty({ example: 'sig' }) use!: string;
}

export class AuthConfigViewDto {
  @ApiProperty({ format: 'uuid' }) auth_config_id!: string;
  @ApiProperty({ enum: AUTH_METHODS }) auth_method!: string;
  @ApiProperty() is_active_auth_config!: boolean;
  @ApiPropertyOptional({ description: 'absent when the configuration has none' })
  client_id?: string;
  @ApiPropertyOptional({ enum: ROLES }) role?: string;
  @ApiPropertyOptional({ description: 'space-separated; absent when none were given' })
  scopes?: string;
  @ApiPropertyOptional({ format: 'date-time' }) credential_expiry?: string;
  @ApiPropertyOptional() token_url?: string;
  @ApiPropertyOptional({ type: JsonWebKeyDto, description: 'jwt only: the public key' })
  json_web_key?: JsonWebKeyDto;
  @ApiPropertyOptional({
    description: 'jwt only: a self-signed X.509 certificate of the public key',
  })
  public_key_cert_pem?: string;
  @ApiPropertyOptional({
    description: "jwt only: the provider's JWKS URL to register at the FHIR server",
  })
  jwks_url?: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}

export class FhirProviderViewDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty() name!: string;
  @ApiPropertyOptional() description?: string;
  @ApiProperty({ enum: PROVIDER_TYPES }) provider!: string;
  @ApiProperty({ format: 'uri' }) base_url!: string;
  @ApiPropertyOptional({
    deprecated: true,
    description: 'client_id of the active auth configuration (absent when it has none)',
  })
  client_id?: string;
  @ApiProperty({
    type: 'object',
    additionalProperties: { $ref: '#/components/schemas/AuthConfigViewDto' },
    description: 'Keyed by auth_config_id',
  })
  auth_configs!: Record<string, AuthConfigViewDto>;
  @ApiProperty({ format: 'date-time' }) last_updated!: string;
}

export class SandboxProviderViewDto {
  @ApiProperty({ format: 'uuid' }) id!: string;
  @ApiProperty({ example: 'sandbox' }) name!: string;
  @ApiProperty({ example: 'sandbox' }) provider!: string;
  @ApiProperty() description!: string;
  @ApiProperty({
    format: 'uri',
    description: 'The sandbox FHIR R4 endpoint (use the service bearer token)',
  })
  base_url!: string;
}

export class FhirProviderResponseDto {
  @ApiProperty() success!: boolean;
  @ApiProperty() message!: string;
  @ApiProperty({
    type: FhirProviderViewDto,
    description: 'or the sandbox shape for the sandbox provider',
  })
  data!: FhirProviderViewDto | SandboxProviderViewDto;
}

export class FhirProviderListResponseDto {
  @ApiProperty() success!: boolean;
  @ApiProperty() message!: string;
  @ApiProperty({
    type: [FhirProviderViewDto],
    description: 'The sandbox provider first, in its own shape',
  })
  fhir_providers!: (FhirProviderViewDto | SandboxProviderViewDto)[];
}
