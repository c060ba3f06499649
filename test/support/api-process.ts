import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';

// TEST_DIST_DIR lets a developer test a private build while dist/ is in use elsewhere.
const DIST = process.env.TEST_DIST_DIR ?? 'dist';
const API_ENTRY = `${DIST}/apps/api/src/main.js`;
const CLI_ENTRY = `${DIST}/apps/cli/src/main.js`;
export const WORKER_ENTRY = `${DIST}/apps/worker/src/main.js`;

export function requireBuild(): void {
  if (!existsSync(API_ENTRY) || !existsSync(CLI_ENTRY)) {
    throw new Error(
      'dist/ is missing: these tests run the built apps; run `npm run build` (npm test does it)',
    );
  }
}

export interface ApiProcess {
  child: ChildProcess;
  baseUrl: string;
  stdout(): string;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** Starts the built API as its own process and resolves once it listens. */
export function startApiProcess(env: Record<string, string>): Promise<ApiProcess> {
  const child = spawn(process.execPath, [API_ENTRY], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: '0', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let errors = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`API did not start in 60 s:\n${output}\n${errors}`)),
      60_000,
    );
    const exitedEarly = (code: number | null) => {
      clearTimeout(timer);
      reject(new Error(`API exited with ${code} before listening:\n${output}\n${errors}`));
    };
    child.once('exit', exitedEarly);
    child.stdout.on('data', () => {
      const match = /API listening on (http:\/\/localhost:\d+)/.exec(output);
      if (!match) return;
      clearTimeout(timer);
      child.off('exit', exitedEarly);
      resolve({
        child,
        baseUrl: match[1].replace('localhost', '127.0.0.1'),
        stdout: () => output,
        async kill(signal) {
          child.kill(signal);
          await exited;
        },
      });
    });
  });
}

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

export function runCli(args: string[], env: Record<string, string>): CliResult {
  const result = spawnSync(process.execPath, [CLI_ENTRY, ...args], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
    timeout: 120_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

export function parseDemoCredentials(stdout: string): { clientId: string; clientSecret: string } {
  const clientId = /client_id:\s+(\S+)/.exec(stdout)?.[1];
  const clientSecret = /client_secret:\s+(\S+)/.exec(stdout)?.[1];
  if (!clientId || !clientSecret) throw new Error(`no demo credentials in:\n${stdout}`);
  return { clientId, clientSecret };
}
