/** A tool's result as the text the model reads: JSON, cut short past `maxChars` (and said so). */
export function toolResultText(value: unknown, maxChars: number): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? 'null');
  if (text.length <= maxChars) return text;
  return `${text.slice(0, maxChars)}… [cut: ${text.length - maxChars} more characters]`;
}
