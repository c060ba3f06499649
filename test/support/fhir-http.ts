/** Small JSON-over-HTTP helpers for the FHIR suites: every call returns status, headers and parsed body. */
export interface JsonResponse<T = any> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export async function call<T = any>(
  url: string,
  init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<JsonResponse<T>> {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: {
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
      ...(init.body === undefined ? {} : { 'Content-Type': 'application/fhir+json' }),
      ...init.headers,
    },
    body:
      init.body === undefined
        ? undefined
        : typeof init.body === 'string'
          ? init.body
          : JSON.stringify(init.body),
  });
  const text = await response.text();
  let body: any;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: response.status, headers: response.headers, body: body as T, text };
}

/** A client for one FHIR base URL with one bearer token. */
export function fhirAt(base: string, token: string) {
  return {
    token,
    get: <T = any>(path: string) => call<T>(`${base}/${path}`, { token }),
    post: <T = any>(path: string, body: unknown, headers?: Record<string, string>) =>
      call<T>(`${base}/${path}`, { method: 'POST', token, body, headers }),
    put: <T = any>(path: string, body: unknown, headers?: Record<string, string>) =>
      call<T>(`${base}/${path}`, { method: 'PUT', token, body, headers }),
    delete: <T = any>(path: string) => call<T>(`${base}/${path}`, { method: 'DELETE', token }),
  };
}

/** The ids of the matches (not the includes) of a search Bundle. */
export function matchIds(bundle: {
  entry?: { resource?: { id?: string }; search?: { mode?: string } }[];
}): string[] {
  return (bundle.entry ?? [])
    .filter((entry) => entry.search?.mode !== 'include')
    .map((entry) => entry.resource?.id ?? '');
}
