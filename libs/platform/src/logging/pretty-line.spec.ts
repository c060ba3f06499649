import { describe, expect, it } from 'vitest';
import { prettyLine } from './pretty-line.js';

describe('prettyLine', () => {
  it('turns a pino JSON record into one readable line', () => {
    const line = prettyLine(
      JSON.stringify({
        level: 30,
        time: '2026-11-25T06:00:01.123Z',
        service: 'clinical-interop',
        component: 'api',
        context: 'Database',
        msg: 'Applied migrations',
        requestId: 'r-1',
      }),
    );
    expect(line).toBe('06:00:01 INFO  api/Database Applied migrations requestId=r-1\n');
  });

  it('shows a request as method, url, status and time, and an error with its stack', () => {
    expect(
      prettyLine(
        JSON.stringify({
          level: 40,
          time: '2026-11-25T06:00:02.000Z',
          component: 'api',
          req: { method: 'POST', url: '/v2/auth/clients' },
          res: { statusCode: 415 },
          responseTime: 3,
          msg: 'request completed',
        }),
      ),
    ).toBe('06:00:02 WARN  api POST /v2/auth/clients → 415 3 ms\n');
    expect(
      prettyLine(JSON.stringify({ level: 50, msg: 'boom', err: { stack: 'Error: boom\n  at x' } })),
    ).toBe('ERROR boom\n    Error: boom\n      at x\n');
  });

  it('passes a line that is not JSON through', () => {
    expect(prettyLine('plain text')).toBe('plain text\n');
  });
});
