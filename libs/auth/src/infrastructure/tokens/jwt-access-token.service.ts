import { Injectable } from '@nestjs/common';
import { JwtService } from '@nestjs/jwt';
import { randomUUID } from 'node:crypto';
import {
  AccessTokenService,
  type AccessTokenClaims,
  type TokenVerification,
} from '../../application/ports/access-token.service.js';

export const TOKEN_ISSUER = 'clinical-interop';

interface AccessTokenPayload {
  sub: string;
  acc: string;
  exp: number;
}

/** HS256 JWTs: `sub` is the client id, `acc` the account id; plan and status are read fresh per request. */
@Injectable()
export class JwtAccessTokenService extends AccessTokenService {
  constructor(
    private readonly jwt: JwtService,
    readonly ttlSeconds: number,
  ) {
    super();
  }

  sign(claims: AccessTokenClaims): Promise<string> {
    const payload: Omit<AccessTokenPayload, 'exp'> = {
      sub: claims.clientId,
      acc: claims.accountId,
    };
    return this.jwt.signAsync(payload, {
      expiresIn: this.ttlSeconds,
      jwtid: randomUUID(),
      issuer: TOKEN_ISSUER,
      algorithm: 'HS256',
    });
  }

  async verify(token: string): Promise<TokenVerification> {
    try {
      const payload = await this.jwt.verifyAsync<Partial<AccessTokenPayload>>(token, {
        issuer: TOKEN_ISSUER,
        algorithms: ['HS256'],
      });
      // A token that never expires is refused even when its signature is good.
      if (
        typeof payload.sub !== 'string' ||
        typeof payload.acc !== 'string' ||
        typeof payload.exp !== 'number'
      )
        return { valid: false, reason: 'invalid' };
      return { valid: true, claims: { clientId: payload.sub, accountId: payload.acc } };
    } catch (error) {
      return {
        valid: false,
        reason: (error as { name?: string }).name === 'TokenExpiredError' ? 'expired' : 'invalid',
      };
    }
  }
}
