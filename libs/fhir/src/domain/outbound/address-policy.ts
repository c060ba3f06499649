import { parseIpAddress } from './ip-address.js';

/** Which kinds of outbound targets configuration allows besides public addresses. */
export interface OutboundRules {
  allowLoopback: boolean;
  /** RFC 1918, unique-local and carrier-grade NAT ranges: customers' FHIR servers often live there. */
  allowPrivate: boolean;
  /** Link-local ranges and cloud metadata endpoints. */
  allowLinkLocal: boolean;
  /**
   * The other special-purpose ranges of RFC 6890 and its successors: documentation
   * (TEST-NET, 2001:db8::/32), benchmarking (198.18.0.0/15), IETF protocol assignments,
   * Teredo and 6to4 relays. No FHIR server lives there; tests and labs may.
   */
  allowSpecialPurpose: boolean;
}

export type AddressCategory =
  | 'public'
  | 'private'
  | 'loopback'
  | 'link-local'
  | 'metadata'
  | 'unspecified'
  | 'multicast'
  | 'special-purpose'
  | 'reserved';

export type Verdict =
  { allowed: true } | { allowed: false; category: AddressCategory; reason: string };

const METADATA_ADDRESSES = new Set([
  '169.254.169.254', // AWS, GCP, Azure, OpenStack instance metadata
  '169.254.170.2', // AWS ECS task metadata
  '100.100.100.200', // Alibaba Cloud
  '168.63.129.16', // Azure wire server
  'fd00:ec2:0:0:0:0:0:254', // AWS IMDS over IPv6
]);

const METADATA_HOSTNAMES = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
]);

export function categorizeAddress(ip: string): AddressCategory | undefined {
  const bytes = parseIpAddress(ip);
  if (!bytes) return undefined;
  return bytes.length === 4 ? categorizeIpv4(bytes) : categorizeIpv6(bytes);
}

/** Whether a resolved address (or an IP literal) may be connected to. */
export function checkAddress(ip: string, rules: OutboundRules): Verdict {
  const category = categorizeAddress(ip);
  if (!category)
    return { allowed: false, category: 'reserved', reason: `"${ip}" is not an IP address` };
  return verdict(category, rules, ip);
}

/** Names that denote refused targets whatever DNS says (undefined: decide on the addresses). */
export function checkHostname(hostname: string, rules: OutboundRules): Verdict | undefined {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  if (parseIpAddress(name)) return checkAddress(name, rules);
  if (METADATA_HOSTNAMES.has(name)) return verdict('metadata', rules, name);
  if (name === 'localhost' || name.endsWith('.localhost')) return verdict('loopback', rules, name);
  return undefined;
}

function verdict(category: AddressCategory, rules: OutboundRules, target: string): Verdict {
  const allowed =
    category === 'public' ||
    (category === 'private' && rules.allowPrivate) ||
    (category === 'loopback' && rules.allowLoopback) ||
    ((category === 'link-local' || category === 'metadata') && rules.allowLinkLocal) ||
    (category === 'special-purpose' && rules.allowSpecialPurpose);
  if (allowed) return { allowed: true };
  return {
    allowed: false,
    category,
    reason: `${target} is a ${category} address, which outbound requests may not reach${
      category === 'unspecified' || category === 'multicast' || category === 'reserved'
        ? ''
        : ' unless configuration allows it'
    }`,
  };
}

function categorizeIpv4([a, b, c, d]: number[]): AddressCategory {
  if (METADATA_ADDRESSES.has(`${a}.${b}.${c}.${d}`)) return 'metadata';
  if (a === 0) return 'unspecified';
  if (a === 127) return 'loopback';
  if (a === 169 && b === 254) return 'link-local';
  if (a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)) return 'private';
  if (a === 100 && b >= 64 && b <= 127) return 'private';
  if (a >= 224 && a <= 239) return 'multicast';
  if (a >= 240) return 'reserved';
  if (isSpecialPurposeIpv4(a, b, c)) return 'special-purpose';
  return 'public';
}

/** IPv4 special-purpose blocks (RFC 6890 registry) not covered by a category above. */
function isSpecialPurposeIpv4(a: number, b: number, c: number): boolean {
  if (a === 192 && b === 0 && (c === 0 || c === 2)) return true; // 192.0.0.0/24, TEST-NET-1
  if (a === 192 && b === 88 && c === 99) return true; // 6to4 relay anycast
  if (a === 198 && (b === 18 || b === 19)) return true; // benchmarking 198.18.0.0/15
  if (a === 198 && b === 51 && c === 100) return true; // TEST-NET-2
  if (a === 203 && b === 0 && c === 113) return true; // TEST-NET-3
  return false;
}

function categorizeIpv6(bytes: number[]): AddressCategory {
  const groups = Array.from(
    { length: 8 },
    (_, index) => (bytes[index * 2] << 8) | bytes[index * 2 + 1],
  );
  if (METADATA_ADDRESSES.has(groups.map((group) => group.toString(16)).join(':')))
    return 'metadata';
  const firstSixZero = groups.slice(0, 6).every((group) => group === 0);
  if (firstSixZero && groups[6] === 0 && groups[7] === 0) return 'unspecified';
  if (firstSixZero && groups[6] === 0 && groups[7] === 1) return 'loopback';
  const mapped = groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
  const nat64 =
    groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((group) => group === 0);
  if (mapped || nat64 || firstSixZero) return categorizeIpv4(bytes.slice(12));
  // 6to4 (2002::/16) carries an IPv4 address in its next 32 bits: judge that address, so
  // 6to4 of loopback is loopback; a public one still goes through a relay, so special-purpose.
  if (groups[0] === 0x2002) {
    const embedded = categorizeIpv4(bytes.slice(2, 6));
    return embedded === 'public' ? 'special-purpose' : embedded;
  }
  if ((groups[0] & 0xffc0) === 0xfe80) return 'link-local';
  if (groups[0] === 0x2001 && groups[1] === 0x0db8) return 'special-purpose'; // documentation
  if (groups[0] === 0x2001 && groups[1] < 0x0200) return 'special-purpose'; // IETF 2001::/23, Teredo
  if (groups[0] === 0x0100 && groups.slice(1, 4).every((group) => group === 0))
    return 'special-purpose'; // discard-only 100::/64
  if (groups[0] === 0x64 && groups[1] === 0xff9b && groups[2] === 1) return 'special-purpose'; // local NAT64
  if ((groups[0] & 0xfe00) === 0xfc00) return 'private';
  if ((groups[0] & 0xff00) === 0xff00) return 'multicast';
  return 'public';
}
