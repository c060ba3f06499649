/** The arguments a model wrote for a tool call, as an object, or a sentence saying what is wrong. */
export function parseToolArguments(text: string): Record<string, unknown> | string {
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return 'the arguments are not valid JSON';
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return 'the arguments must be a JSON object';
  return value as Record<string, unknown>;
}
