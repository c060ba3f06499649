import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { CommandBus } from '@nestjs/cqrs';
import { CreateApiClientCommand } from '@app/auth';
import { loadConfig, type AppConfig, type Plan } from '@app/shared';
import { createApiApp } from '../../apps/api/src/create-api-app.js';
import type { Credentials, ProfileName } from './credentials.js';
import {
  createTestDatabase,
  serverEnv,
  TEST_ENCRYPTION_KEY,
  TEST_JWT_SECRET,
} from './server-resources.js';

// Light helpers, importable without loading the app (tests that spawn the built processes).
export { basic, PROFILES, type Credentials, type ProfileName } from './credentials.js';

export interface TestApp {
  app: NestExpressApplication;
  config: AppConfig;
  baseUrl: string;
  createClient(account: string, plan?: Plan): Promise<Credentials>;
  token(credentials: Credentials): Promise<string>;
  close(): Promise<void>;
}

/**
 * The whole API, listening on a random port, in one profile: embedded (PGlite in a
 * temporary directory) or server (a fresh PostgreSQL database, BullMQ on Redis).
 */
export async function startTestApp(
  profile: ProfileName,
  env: Record<string, string> = {},
): Promise<TestApp> {
  let cleanup: () => Promise<void>;
  let baseEnv: Record<string, string>;
  if (profile === 'embedded') {
    const dataDir = mkdtempSync(join(tmpdir(), 'ci-embedded-'));
    baseEnv = {
      DATA_DIR: dataDir,
      JWT_SECRET: TEST_JWT_SECRET,
      ENCRYPTION_KEY: TEST_ENCRYPTION_KEY,
      LOG_LEVEL: 'silent',
      CREATE_DEMO_CLIENT: 'false',
    };
    cleanup = () => Promise.resolve(rmSync(dataDir, { recursive: true, force: true }));
  } else {
    const database = await createTestDatabase();
    baseEnv = serverEnv(database.url, { RUN_WORKER_IN_API: 'true' });
    cleanup = () => database.drop();
  }
  const config = loadConfig({ ...baseEnv, ...env });
  const app = await createApiApp(config);
  await app.listen(0, '127.0.0.1');
  const address = app.getHttpServer().address() as { port: number };
  const baseUrl = `http://127.0.0.1:${address.port}`;

  return {
    app,
    config,
    baseUrl,
    async createClient(account, plan = 'paid') {
      const issued = await app
        .get(CommandBus)
        .execute(new CreateApiClientCommand(account, plan, `${account}-test`));
      return {
        clientId: issued.clientId,
        clientSecret: issued.clientSecret,
        accountId: issued.accountId,
      };
    },
    async token({ clientId, clientSecret }) {
      const response = await fetch(`${baseUrl}/v2/auth/token`, {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`,
        },
      });
      if (response.status !== 200) throw new Error(`token request failed with ${response.status}`);
      return ((await response.json()) as { access_token: string }).access_token;
    },
    async close() {
      await app.close();
      await cleanup();
    },
  };
}
