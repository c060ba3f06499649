import { randomUUID } from 'node:crypto';
import { NO_AUTHORIZATION, type RequestAuthorizer } from '@app/fhir';
import { AppError, SecretCipher } from '@app/shared';
import {
  ProviderAuthorizers,
  type AuthorizationOptions,
} from '../../application/ports/provider-authorizers.js';
import { requestedScopes, type AuthConfig } from '../../domain/auth-config.js';
import { clientAssertionClaims, serviceAccountClaims } from '../../domain/client-assertion.js';
import type { FhirProvider } from '../../domain/fhir-provider.js';
import { clientSecretContext, privateKeyContext } from '../../domain/secret-contexts.js';
import type { ServiceAccountKey } from '../../domain/service-account-key.js';
import { signJwt } from '../crypto/jws.js';
import type { IssuedToken, TokenCache } from './token-cache.js';
import type { TokenEndpointClient } from './token-endpoint-client.js';

const JWT_BEARER_ASSERTION = 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer';
const GOOGLE_HEALTHCARE_SCOPE = 'https://www.googleapis.com/auth/cloud-healthcare';

/** Credentials per auth method; OAuth tokens come from the cache or the provider's token endpoint. */
export class OAuthProviderAuthorizers extends ProviderAuthorizers {
  constructor(
    private readonly cipher: SecretCipher,
    private readonly tokens: TokenCache,
    private readonly endpoint: TokenEndpointClient,
  ) {
    super();
  }

  authorizerFor(
    provider: FhirProvider,
    config: AuthConfig,
    options: AuthorizationOptions,
  ): RequestAuthorizer {
    switch (config.method) {
      case 'none':
        return NO_AUTHORIZATION;
      case 'token_passthrough':
        return this.passthrough(provider, options.passthroughToken);
      case 'on_behalf_of':
        return this.oauth(provider, config, onBehalfOfHeaders(provider, options.onBehalfOf));
      default:
        return this.oauth(provider, config, {});
    }
  }

  forget(authConfigIds: readonly string[]): void {
    this.tokens.forget(authConfigIds);
  }

  private passthrough(provider: FhirProvider, token: string | undefined): RequestAuthorizer {
    if (!token) {
      throw AppError.badRequest(
        'FHIR_PROVIDER.PASSTHROUGH_TOKEN_REQUIRED',
        `Provider "${provider.name}" uses token_passthrough: send X-Service-Fhir-Provider: ${provider.id}:<token>`,
      );
    }
    return {
      headers: () => Promise.resolve({ Authorization: `Bearer ${token}` }),
      renew: () => Promise.resolve(false),
    };
  }

  private oauth(
    provider: FhirProvider,
    config: AuthConfig,
    extra: Record<string, string>,
  ): RequestAuthorizer {
    const scope =
      config.method === 'google_healthcare' ? GOOGLE_HEALTHCARE_SCOPE : requestedScopes(config);
    const key = `${config.id}|${scope}`;
    return {
      headers: async () => ({
        Authorization: `Bearer ${await this.tokens.get(key, () => this.fetchToken(provider, config, scope))}`,
        ...extra,
      }),
      renew: () => {
        this.tokens.invalidate(key);
        return Promise.resolve(true);
      },
    };
  }

  private async fetchToken(
    provider: FhirProvider,
    config: AuthConfig,
    scope: string,
  ): Promise<IssuedToken> {
    if (config.method === 'google_healthcare')
      return this.serviceAccountToken(provider, config, scope);
    const tokenUrl =
      config.tokenUrl ?? (await this.endpoint.discoverTokenEndpoint(provider.baseUrl));
    const clientId = config.clientId ?? '';
    if (config.method === 'jwt') {
      const assertion = signJwt(
        clientAssertionClaims(clientId, tokenUrl, new Date(), randomUUID()),
        this.cipher.decrypt(
          config.encryptedPrivateKey ?? '',
          privateKeyContext(provider.accountId, config.id),
        ),
        'RS384',
        config.publicJwk?.kid,
      );
      return this.endpoint.requestToken(tokenUrl, {
        grant_type: 'client_credentials',
        scope,
        client_assertion_type: JWT_BEARER_ASSERTION,
        client_assertion: assertion,
      });
    }
    const secret = this.cipher.decrypt(
      config.encryptedSecret ?? '',
      clientSecretContext(provider.accountId, config.id),
    );
    return this.endpoint.requestToken(
      tokenUrl,
      { grant_type: 'client_credentials', scope },
      { username: clientId, password: secret },
    );
  }

  private serviceAccountToken(
    provider: FhirProvider,
    config: AuthConfig,
    scope: string,
  ): Promise<IssuedToken> {
    const key = JSON.parse(
      this.cipher.decrypt(
        config.encryptedPrivateKey ?? '',
        privateKeyContext(provider.accountId, config.id),
      ),
    ) as ServiceAccountKey;
    const assertion = signJwt(
      serviceAccountClaims(key.client_email, key.token_uri, scope, new Date()),
      key.private_key,
      'RS256',
      key.private_key_id,
    );
    return this.endpoint.requestToken(key.token_uri, {
      grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
      assertion,
    });
  }
}

/** Medplum reads its own header; other servers get the generic one. */
function onBehalfOfHeaders(
  provider: FhirProvider,
  reference: string | undefined,
): Record<string, string> {
  if (!reference) {
    throw AppError.badRequest(
      'FHIR_PROVIDER.ON_BEHALF_OF_REQUIRED',
      `Provider "${provider.name}" uses on_behalf_of: send X-Service-On-Behalf-Of: Patient/<id> or Practitioner/<id>`,
    );
  }
  return provider.provider === 'medplum'
    ? { 'X-Medplum-On-Behalf-Of': reference }
    : { 'X-On-Behalf-Of': reference };
}
