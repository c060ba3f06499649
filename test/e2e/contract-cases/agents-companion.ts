import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { exchange } from '../../support/contract/agents-http.js';
import type { ContractContext, ContractRequest } from '../../support/contract/contract-case.js';
import { McpToolTestServer } from '../../support/mcp-tool-test-server.js';
import { OpenAiTestServer } from '../../support/openai-test-server.js';
import { parseDemoCredentials, requireBuild, startApiProcess } from '../../support/api-process.js';
import {
  createTestDatabase,
  serverEnv,
  TEST_ENCRYPTION_KEY,
  TEST_JWT_SECRET,
} from '../../support/server-resources.js';
import type { ProfileName } from '../../support/test-app.js';

/**
 * Chat needs a model and MCP servers on loopback need FHIR_OUTBOUND_ALLOW_LOOPBACK; both
 * are read when the API boots, and the contract harness boots its API without them. The
 * cases that need them therefore run against a companion API: the built API (dist/) in
 * its own process, same profile, started on first use with an OpenAI-compatible test
 * server and an MCP tool test server (real HTTP servers on random ports), and stopped
 * after the file's tests. (A second API inside the test process is avoided: in the server
 * profile the two were seen to disturb each other's token checks; not investigated.)
 */
export interface Companion {
  profile: ProfileName;
  model: OpenAiTestServer;
  toolServerUrl: string;
  call(method: string, path: string, request?: ContractRequest): ReturnType<typeof exchange>;
}

interface Running {
  companion: Companion;
  close(): Promise<void>;
}

const started = new Map<ProfileName, Promise<Running>>();

async function start(profile: ProfileName): Promise<Running> {
  requireBuild();
  const model = new OpenAiTestServer();
  const tools = new McpToolTestServer();
  const modelUrl = await model.start();
  const toolServerUrl = await tools.start();
  const dataDir = mkdtempSync(join(tmpdir(), 'ci-companion-'));
  const database = profile === 'server' ? await createTestDatabase() : null;
  const env: Record<string, string> = {
    ...(database
      ? serverEnv(database.url, { RUN_WORKER_IN_API: 'true' })
      : { DATA_DIR: dataDir, JWT_SECRET: TEST_JWT_SECRET, ENCRYPTION_KEY: TEST_ENCRYPTION_KEY }),
    CREATE_DEMO_CLIENT: 'true',
    RATE_LIMIT_MAX: '100000',
    FHIR_OUTBOUND_ALLOW_LOOPBACK: 'true',
    CHAT_MODEL_URL: modelUrl,
    CHAT_MODEL_NAME: 'contract-test-model',
    CHAT_MAX_TOOL_ROUNDS: '3',
  };
  const api = await startApiProcess(env);
  // Never outlive the test process, whatever happens to the hooks below.
  const killOnExit = () => api.child.kill('SIGKILL');
  process.once('exit', killOnExit);
  const demo = parseDemoCredentials(api.stdout());
  const issued = await fetch(`${api.baseUrl}/v2/auth/token`, {
    method: 'POST',
    headers: {
      Authorization: `Basic ${Buffer.from(`${demo.clientId}:${demo.clientSecret}`).toString('base64')}`,
    },
  });
  const token = ((await issued.json()) as { access_token: string }).access_token;
  return {
    companion: {
      profile,
      model,
      toolServerUrl,
      call: (method, path, request) => exchange(api.baseUrl, token, method, path, request),
    },
    async close() {
      process.off('exit', killOnExit);
      await api.kill('SIGTERM');
      await model.stop();
      await tools.stop();
      await database?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The companion API of the context's profile, started on first use. */
export async function companion(context: ContractContext): Promise<Companion> {
  let running = started.get(context.profile);
  if (!running) {
    running = start(context.profile);
    started.set(context.profile, running);
  }
  return (await running).companion;
}

async function closeAll(): Promise<void> {
  const all = [...started.values()];
  started.clear();
  await Promise.allSettled(all.map(async (running) => (await running).close()));
}

// Registered while the importing test file is collected; a harness that imports the case
// files later cannot register hooks, and then the exit handler above stops the process.
try {
  afterAll(closeAll);
} catch {
  // not collecting: see above
}
