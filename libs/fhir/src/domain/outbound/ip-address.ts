/** An IP address as bytes (4 for IPv4, 16 for IPv6); undefined when the text is not one. */
export function parseIpAddress(text: string): number[] | undefined {
  const host = text.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  return host.includes(':') ? parseIpv6(host) : parseIpv4(host);
}

function parseIpv4(text: string): number[] | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  const bytes = parts.map((part) => (/^\d{1,3}$/.test(part) ? Number(part) : NaN));
  return bytes.every((byte) => byte >= 0 && byte <= 255) ? bytes : undefined;
}

function parseIpv6(text: string): number[] | undefined {
  let head = text;
  let tail: number[] = [];
  const lastColon = text.lastIndexOf(':');
  if (text.slice(lastColon + 1).includes('.')) {
    const ipv4 = parseIpv4(text.slice(lastColon + 1));
    if (!ipv4) return undefined;
    tail = ipv4;
    head = `${text.slice(0, lastColon + 1)}0:0`;
  }
  const halves = head.split('::');
  if (halves.length > 2) return undefined;
  const groups = (half: string) => (half === '' ? [] : half.split(':'));
  const left = groups(halves[0]);
  const right = halves.length === 2 ? groups(halves[1]) : [];
  const missing = 8 - left.length - right.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const all = [...left, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...right];
  if (!all.every((group) => /^[0-9a-f]{1,4}$/i.test(group))) return undefined;
  const bytes = all.flatMap((group) => {
    const value = parseInt(group, 16);
    return [value >> 8, value & 0xff];
  });
  if (tail.length === 4) bytes.splice(12, 4, ...tail);
  return bytes;
}
