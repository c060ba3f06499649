import { Controller, Get, Header, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { Public } from '@app/shared';
import { GetProviderJwksQuery } from '../../application/queries/get-provider-jwks/get-provider-jwks.query.js';
import type { PublicJwk } from '../../domain/auth-config.js';

/**
 * Public: FHIR servers fetch it without credentials to verify our client assertions. It
 * holds the public keys of every jwt configuration of the provider, so a rotation
 * (add, activate, remove) never leaves the server without the key in use.
 */
@ApiTags('fhir-provider')
@Controller('fhir-provider')
export class JwksController {
  constructor(private readonly queries: QueryBus) {}

  @Get(':id/jwks.json')
  @Public()
  @Header('Cache-Control', 'public, max-age=300')
  @ApiOperation({
    summary: "The provider's JSON Web Key Set (public keys of its jwt auth configurations)",
  })
  @ApiOkResponse({ description: '`{ "keys": [JWK…] }`' })
  jwks(@Param('id') id: string): Promise<{ keys: PublicJwk[] }> {
    return this.queries.execute(new GetProviderJwksQuery(id));
  }
}
