import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { requireBuild, runCli, startApiProcess, type ApiProcess } from '../support/api-process.js';
import { createTestDatabase, serverEnv, type TestDatabase } from '../support/server-resources.js';
import { basic } from '../support/credentials.js';

describe.each(['embedded', 'server'] as const)(
  'CLI against the configured database (%s profile)',
  (profile) => {
    let env: Record<string, string>;
    let database: TestDatabase | undefined;
    let dataDir: string | undefined;
    let api: ApiProcess | undefined;

    beforeAll(async () => {
      requireBuild();
      if (profile === 'embedded') {
        dataDir = mkdtempSync(join(tmpdir(), 'ci-cli-'));
        env = { DATA_DIR: dataDir, CREATE_DEMO_CLIENT: 'false' };
      } else {
        database = await createTestDatabase();
        env = serverEnv(database.url, { LOG_LEVEL: 'warn' });
      }
    });

    afterAll(async () => {
      await api?.kill('SIGTERM');
      await database?.drop();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    });

    it('migrates, then reports the database up to date', () => {
      const first = runCli(['migrate'], env);
      expect(first.stderr).toBe('');
      expect(first.status).toBe(0);
      expect(first.stdout).toContain('Applied migrations:');
      expect(first.stdout).toContain('CreateAccountsAndClients1732262400000');
      const second = runCli(['migrate'], env);
      expect(second.stdout).toBe('Database is up to date.\n');
    });

    it('creates a client and prints exactly one JSON line with --json; the API accepts it', async () => {
      const result = runCli(
        ['clients:create', '--account', 'acme', '--plan', 'free', '--json'],
        env,
      );
      expect(result.status).toBe(0);
      const lines = result.stdout.split('\n').filter((line) => line !== '');
      expect(lines).toHaveLength(1);
      const credentials = JSON.parse(lines[0]) as { client_id: string; client_secret: string };
      expect(Object.keys(credentials)).toEqual(['client_id', 'client_secret']);

      const human = runCli(['clients:create', '--account', 'acme', '--plan', 'paid'], env);
      expect(human.status).toBe(0);
      expect(human.stdout).toContain('API client created for account "acme" (plan: paid)');

      api = await startApiProcess(env);
      const response = await fetch(`${api.baseUrl}/v2/auth/token`, {
        method: 'POST',
        headers: {
          Authorization: basic({
            clientId: credentials.client_id,
            clientSecret: credentials.client_secret,
          }),
        },
      });
      expect(response.status).toBe(200);
    });

    it.skipIf(profile !== 'embedded')(
      'refuses to open an embedded database the running API holds',
      () => {
        expect(api).toBeDefined();
        const result = runCli(['clients:create', '--account', 'late', '--plan', 'free'], env);
        expect(result.status).toBe(1);
        expect(result.stderr).toMatch(/is in use by process \d+/);
      },
    );

    it.each([
      [['clients:create', '--plan', 'paid'], /--account NAME is required/],
      [['clients:create', '--account', 'x', '--plan', 'gold'], /--plan must be one of free, paid/],
      [['clients:create', '--acount', 'x'], /Unknown option '--acount'/],
      [['drop-everything'], /Unknown command "drop-everything"/],
      [['vocab:import', '--athena', 'a', '--loinc', 'b'], /needs exactly one of --athena DIR/],
    ])('refuses %j with exit code 2 and the usage', (args, message) => {
      const result = runCli(args, env);
      expect(result.status).toBe(2);
      expect(result.stderr).toMatch(message);
      expect(result.stderr).toContain('Usage: npm run cli');
    });
  },
);

describe('configuration is validated at boot', () => {
  beforeAll(() => requireBuild());

  it('refuses to start with a clear message naming each wrong variable', async () => {
    await expect(
      startApiProcess({ PORT: 'eighty', BODY_LIMIT: 'huge', DATABASE_URL: 'postgres://db/app' }),
    ).rejects.toThrow(
      /exited with 1[\s\S]*PORT must be an integer[\s\S]*BODY_LIMIT[\s\S]*REDIS_URL is required/,
    );
  });
});
