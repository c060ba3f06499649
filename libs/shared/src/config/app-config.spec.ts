import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './app-config.js';

const KEY = Buffer.alloc(32, 7).toString('base64');
const SECRET = 'x'.repeat(40);

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('loadConfig', () => {
  it('defaults to the embedded profile with documented defaults', () => {
    const config = loadConfig({});
    expect(config.profile).toBe('embedded');
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe('./data');
    expect(config.bodyLimitBytes).toBe(10 * 1024 * 1024);
    expect(config.tokenTtlSeconds).toBe(172_800);
    expect(config.createDemoClient).toBe(true);
  });

  it('chooses the server profile when DATABASE_URL is set', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgres://db/app',
      REDIS_URL: 'redis://cache:6379',
      JWT_SECRET: SECRET,
      ENCRYPTION_KEY: KEY,
    });
    expect(config.profile).toBe('server');
    expect(config.createDemoClient).toBe(false);
  });

  it('reports every wrong setting at once, naming each variable', () => {
    const problems = problemsOf({
      PORT: 'http',
      BODY_LIMIT: 'lots',
      LOG_LEVEL: 'loud',
      NEST_DEVTOOLS: 'maybe',
    });
    expect(problems).toHaveLength(4);
    expect(problems.join('\n')).toMatch(/PORT/);
    expect(problems.join('\n')).toMatch(/BODY_LIMIT/);
    expect(problems.join('\n')).toMatch(/LOG_LEVEL/);
    expect(problems.join('\n')).toMatch(/NEST_DEVTOOLS/);
  });

  it('requires Redis, a signing secret and an encryption key in the server profile', () => {
    const problems = problemsOf({ DATABASE_URL: 'postgres://db/app' });
    expect(problems.some((problem) => problem.startsWith('REDIS_URL'))).toBe(true);
    expect(problems.some((problem) => problem.startsWith('JWT_SECRET'))).toBe(true);
    expect(problems.some((problem) => problem.startsWith('ENCRYPTION_KEY'))).toBe(true);
  });

  it('refuses malformed URLs, short secrets and keys of the wrong size', () => {
    const problems = problemsOf({
      DATABASE_URL: 'mysql://db',
      REDIS_URL: 'not a url',
      JWT_SECRET: 'short',
      ENCRYPTION_KEY: 'abcd',
    });
    expect(problems.join('\n')).toMatch(/DATABASE_URL must use postgres:/);
    expect(problems.join('\n')).toMatch(/REDIS_URL is not a valid URL/);
    expect(problems.join('\n')).toMatch(/JWT_SECRET must be at least 32/);
    expect(problems.join('\n')).toMatch(
      /ENCRYPTION_KEY must be the base64 encoding of exactly 32 bytes/,
    );
  });

  it('parses body limits in the usual units', () => {
    expect(loadConfig({ BODY_LIMIT: '512kb' }).bodyLimitBytes).toBe(512 * 1024);
    expect(loadConfig({ BODY_LIMIT: '2048' }).bodyLimitBytes).toBe(2048);
  });
});
