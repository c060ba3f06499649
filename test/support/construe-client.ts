import { expect } from 'vitest';

export interface Api {
  baseUrl: string;
  token: string;
}

export async function call(
  api: Api,
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: Record<string, any> }> {
  const response = await fetch(`${api.baseUrl}${path}`, {
    method,
    headers: {
      Authorization: `Bearer ${api.token}`,
      ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

export function base64(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64');
}

/** Polls the status endpoint until the system leaves `processing`. */
export async function waitForStatus(
  api: Api,
  name: string,
  version: string,
  timeoutMs = 60_000,
  intervalMs = 100,
): Promise<Record<string, any>> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { status, body } = await call(
      api,
      'GET',
      `/construe/codes/systems/${encodeURIComponent(name)}?version=${encodeURIComponent(version)}`,
    );
    expect(status).toBe(200);
    if (body.status !== 'processing') return body;
    if (Date.now() > deadline)
      throw new Error(`${name} ${version} still processing after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Follows next_cursor to the end and returns every code in order, with the number of pages. */
export async function listAll(
  api: Api,
  name: string,
  version: string,
  limit: number,
): Promise<{ codes: string[]; pages: number }> {
  const codes: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const query = new URLSearchParams({
      version,
      limit: String(limit),
      ...(cursor ? { cursor } : {}),
    });
    const { status, body } = await call(
      api,
      'GET',
      `/construe/codes/${encodeURIComponent(name)}?${query.toString()}`,
    );
    expect(status).toBe(200);
    expect(body.codes.length).toBeLessThanOrEqual(limit);
    codes.push(...body.codes.map((code: { code: string }) => code.code));
    cursor = body.next_cursor;
    expect(body.has_more).toBe(cursor !== null);
    pages += 1;
  } while (cursor !== null);
  return { codes, pages };
}
