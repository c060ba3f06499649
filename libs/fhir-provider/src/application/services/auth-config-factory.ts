import { SecretCipher } from '@app/shared';
import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type { AuthConfig } from '../../domain/auth-config.js';
import { validateAuthConfig, type AuthConfigInput } from '../../domain/auth-config-rules.js';
import type { ProviderType } from '../../domain/provider-types.js';
import { clientSecretContext, privateKeyContext } from '../../domain/secret-contexts.js';
import { SigningKeyGenerator } from '../ports/signing-key-generator.js';
import { OutboundTargetCheck } from './outbound-target-check.js';

/** Validates a requested auth configuration and turns it into its stored form (secrets encrypted, keys made). */
@Injectable()
export class AuthConfigFactory {
  constructor(
    private readonly cipher: SecretCipher,
    private readonly keys: SigningKeyGenerator,
    private readonly targets: OutboundTargetCheck,
  ) {}

  async create(
    accountId: string,
    provider: ProviderType,
    input: AuthConfigInput,
    now: Date,
  ): Promise<AuthConfig> {
    const valid = validateAuthConfig(input, provider, now);
    if (valid.tokenUrl) await this.targets.assertAllowed(valid.tokenUrl, 'token_url');
    if (valid.serviceAccountKey) {
      await this.targets.assertAllowed(
        valid.serviceAccountKey.token_uri,
        'service_account_key.token_uri',
      );
    }
    const id = randomUUID();
    const config: AuthConfig = {
      id,
      method: valid.method,
      clientId: valid.clientId,
      role: valid.role,
      scopes: valid.scopes,
      credentialExpiry: valid.credentialExpiry,
      tokenUrl: valid.tokenUrl,
      createdAt: now,
      updatedAt: now,
    };
    if (valid.clientSecret) {
      config.encryptedSecret = this.cipher.encrypt(
        valid.clientSecret,
        clientSecretContext(accountId, id),
      );
    }
    if (valid.method === 'jwt') {
      const pair = await this.keys.generate(`clinical-interop ${valid.clientId ?? id}`);
      config.encryptedPrivateKey = this.cipher.encrypt(
        pair.privateKeyPem,
        privateKeyContext(accountId, id),
      );
      config.publicJwk = pair.publicJwk;
      config.certificatePem = pair.certificatePem;
    }
    if (valid.serviceAccountKey) {
      config.encryptedPrivateKey = this.cipher.encrypt(
        JSON.stringify(valid.serviceAccountKey),
        privateKeyContext(accountId, id),
      );
    }
    return config;
  }
}
