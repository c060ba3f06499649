export interface ErrorBody {
  success: false;
  message: string;
  error: { code: string; details?: unknown };
}

export function errorBody(code: string, message: string, details?: unknown): ErrorBody {
  return details === undefined
    ? { success: false, message, error: { code } }
    : { success: false, message, error: { code, details } };
}

/** Success envelope: `{ success: true, message, ...payload }`, the shape the spec's responses share. */
export function ok<T extends object>(
  message: string,
  payload: T,
): { success: true; message: string } & T {
  return { success: true, message, ...payload };
}
