import { describe, expect, it } from 'vitest';
import {
  categorizeAddress,
  checkAddress,
  checkHostname,
  type OutboundRules,
} from './address-policy.js';
import { parseIpAddress } from './ip-address.js';

const STRICT: OutboundRules = {
  allowLoopback: false,
  allowPrivate: true,
  allowLinkLocal: false,
  allowSpecialPurpose: false,
};

describe('IP addresses', () => {
  it('parses IPv4 and IPv6 forms, and refuses what is not an address', () => {
    expect(parseIpAddress('10.1.2.3')).toEqual([10, 1, 2, 3]);
    expect(parseIpAddress('[::1]')).toEqual([...Array<number>(15).fill(0), 1]);
    expect(parseIpAddress('::ffff:127.0.0.1')?.slice(10)).toEqual([0xff, 0xff, 127, 0, 0, 1]);
    expect(parseIpAddress('fe80::1%eth0')?.slice(0, 2)).toEqual([0xfe, 0x80]);
    for (const text of ['256.1.1.1', '1.2.3', 'example.org', '1::2::3', '12345::', '']) {
      expect(parseIpAddress(text)).toBeUndefined();
    }
  });

  it.each([
    ['8.8.8.8', 'public'],
    ['127.0.0.1', 'loopback'],
    ['127.200.1.1', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['169.254.169.254', 'metadata'],
    ['169.254.170.2', 'metadata'],
    ['100.100.100.200', 'metadata'],
    ['fd00:ec2::254', 'metadata'],
    ['::ffff:169.254.169.254', 'metadata'],
    ['169.254.1.1', 'link-local'],
    ['fe80::abcd', 'link-local'],
    ['10.0.0.1', 'private'],
    ['172.16.5.5', 'private'],
    ['172.32.0.1', 'public'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'private'],
    ['fd12:3456::1', 'private'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['224.0.0.1', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'reserved'],
    ['2001:4860:4860::8888', 'public'],
    ['64:ff9b::7f00:1', 'loopback'],
    ['192.0.2.10', 'special-purpose'],
    ['198.18.0.1', 'special-purpose'],
    ['198.19.255.254', 'special-purpose'],
    ['198.20.0.1', 'public'],
    ['198.51.100.7', 'special-purpose'],
    ['203.0.113.200', 'special-purpose'],
    ['192.0.0.8', 'special-purpose'],
    ['192.88.99.1', 'special-purpose'],
    ['2001:db8::1', 'special-purpose'],
    ['2001:0:4136:e378::1', 'special-purpose'],
    ['2002:7f00:1::', 'loopback'],
    ['2002:a9fe:a9fe::1', 'metadata'],
    ['2002:0808:0808::1', 'special-purpose'],
    ['100::1', 'special-purpose'],
    ['64:ff9b:1::1', 'special-purpose'],
  ])('%s is %s', (ip, category) => {
    expect(categorizeAddress(ip)).toBe(category);
  });
});

describe('outbound rules', () => {
  it('refuse loopback, link-local and metadata by default, and say why', () => {
    for (const ip of ['127.0.0.1', '169.254.169.254', 'fe80::1']) {
      const verdict = checkAddress(ip, STRICT);
      expect(verdict.allowed).toBe(false);
      if (!verdict.allowed) expect(verdict.reason).toContain('unless configuration allows it');
    }
    expect(checkAddress('10.0.0.1', STRICT).allowed).toBe(true);
    expect(checkAddress('93.184.216.34', STRICT).allowed).toBe(true);
  });

  it('refuse the documentation and benchmarking ranges unless explicitly allowed', () => {
    for (const ip of ['192.0.2.1', '198.18.0.1', '2001:db8::5', '2002:7f00:1::1']) {
      expect(checkAddress(ip, STRICT).allowed).toBe(false);
    }
    const labs: OutboundRules = { ...STRICT, allowSpecialPurpose: true };
    expect(checkAddress('198.18.0.1', labs).allowed).toBe(true);
    expect(checkAddress('2002:7f00:1::1', labs).allowed).toBe(false);
  });

  it('allow what configuration allows, never unspecified or multicast', () => {
    const open: OutboundRules = {
      allowLoopback: true,
      allowPrivate: true,
      allowLinkLocal: true,
      allowSpecialPurpose: true,
    };
    expect(checkAddress('127.0.0.1', open).allowed).toBe(true);
    expect(checkAddress('169.254.169.254', open).allowed).toBe(true);
    expect(checkAddress('0.0.0.0', open).allowed).toBe(false);
    expect(checkAddress('239.1.1.1', open).allowed).toBe(false);
    expect(checkAddress('10.0.0.1', { ...STRICT, allowPrivate: false }).allowed).toBe(false);
  });

  it('judge special host names before DNS', () => {
    expect(checkHostname('metadata.google.internal', STRICT)?.allowed).toBe(false);
    expect(checkHostname('METADATA.GOOGLE.INTERNAL.', STRICT)?.allowed).toBe(false);
    expect(checkHostname('localhost', STRICT)?.allowed).toBe(false);
    expect(checkHostname('api.localhost', { ...STRICT, allowLoopback: true })?.allowed).toBe(true);
    expect(checkHostname('[::1]', STRICT)?.allowed).toBe(false);
    expect(checkHostname('fhir.example.org', STRICT)).toBeUndefined();
  });
});
