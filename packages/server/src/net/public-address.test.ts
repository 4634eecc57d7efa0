import { describe, expect, it } from 'vitest';
import { isPublicAddress, isPublicHost, normaliseIpv4, parseAddress } from './public-address.js';

const BLOCKED = [
  // loopback, every spelling
  '127.0.0.1',
  '127.255.255.254',
  '2130706433',
  '0x7f000001',
  '0x7F.0.0.1',
  '0177.0.0.1',
  '0177.00.0.01',
  '127.1',
  '127.0.1',
  '::1',
  '[::1]',
  '0:0:0:0:0:0:0:1',
  '::ffff:127.0.0.1',
  '[::ffff:7f00:1]',
  '::127.0.0.1',
  '64:ff9b::127.0.0.1',
  '2002:7f00:1::',
  // this network, unspecified
  '0.0.0.0',
  '0',
  '::',
  // private, shared, link-local (cloud metadata), benchmarking, reserved, documentation
  '10.0.0.1',
  '10.255.255.255',
  '012.1',
  '172.16.0.1',
  '172.31.255.255',
  '192.168.1.1',
  '3232235777',
  '100.64.0.1',
  '100.127.255.255',
  '169.254.169.254',
  '0xa9fea9fe',
  '::ffff:169.254.169.254',
  '::ffff:a9fe:a9fe',
  '198.18.0.1',
  '198.19.255.255',
  '192.0.0.8',
  '192.0.2.1',
  '198.51.100.1',
  '203.0.113.9',
  '240.0.0.1',
  '255.255.255.255',
  // multicast
  '224.0.0.1',
  '239.255.255.250',
  'ff02::1',
  'ff0e::1',
  // IPv6 unique local, link-local (with a zone), site-local, documentation, Teredo
  'fc00::1',
  'fd12:3456:789a::1',
  'fe80::1',
  'fe80::1%eth0',
  'febf::1',
  'fec0::1',
  '2001:db8::1',
  '2001::1',
  '100::1',
];

const PUBLIC = [
  '8.8.8.8',
  '1.1.1.1',
  '134744072',
  '0x08080808',
  '172.15.255.255',
  '172.32.0.1',
  '100.63.255.255',
  '100.128.0.1',
  '169.253.0.1',
  '198.20.0.1',
  '223.255.255.255',
  '2606:4700::1111',
  '[2606:4700:4700::1111]',
  '2001:4860:4860::8888',
  '::ffff:8.8.8.8',
  '64:ff9b::808:808',
  '2002:808:808::1',
];

describe('isPublicAddress', () => {
  it.each(BLOCKED)('refuses %s', (host) => {
    expect(isPublicAddress(host)).toBe(false);
  });

  it.each(PUBLIC)('accepts %s', (host) => {
    expect(isPublicAddress(host)).toBe(true);
  });

  it('is false for anything that is not an address', () => {
    for (const host of ['example.com', 'localhost', '', '1.2.3.4.5', '256.1.1.1', '08.0.0.1', '::g']) {
      expect(isPublicAddress(host), host).toBe(false);
    }
  });
});

describe('normaliseIpv4', () => {
  it('reads every numeric form as inet_aton does', () => {
    expect(normaliseIpv4('2130706433')).toBe('127.0.0.1');
    expect(normaliseIpv4('0x7f000001')).toBe('127.0.0.1');
    expect(normaliseIpv4('0177.0.0.1')).toBe('127.0.0.1');
    expect(normaliseIpv4('127.1')).toBe('127.0.0.1');
    expect(normaliseIpv4('10.1.258')).toBe('10.1.1.2');
    expect(normaliseIpv4('0x')).toBe('0.0.0.0');
    expect(normaliseIpv4('1.2.3.4.')).toBe('1.2.3.4');
    expect(normaliseIpv4('4294967295')).toBe('255.255.255.255');
  });

  it('refuses out-of-range parts and non-numbers', () => {
    for (const host of ['4294967296', '1.256.1.1', '1.2.65536', '09', '1..2', 'a.b.c.d', '1.2.3.4.5']) {
      expect(normaliseIpv4(host), host).toBeUndefined();
    }
  });
});

describe('parseAddress', () => {
  it('names the family and drops brackets and zones', () => {
    expect(parseAddress('[::1]')).toEqual({ address: '::1', family: 6 });
    expect(parseAddress('fe80::1%eth0')).toEqual({ address: 'fe80::1', family: 6 });
    expect(parseAddress('0x7f.1')).toEqual({ address: '127.0.0.1', family: 4 });
    expect(parseAddress('hooks.example.com')).toBeUndefined();
  });
});

describe('isPublicHost', () => {
  it('lets names through (their addresses are checked per connection) but not localhost', () => {
    expect(isPublicHost('hooks.example.com')).toBe(true);
    expect(isPublicHost('8.8.8.8')).toBe(true);
    for (const host of [
      'localhost',
      'LOCALHOST.',
      'api.localhost',
      '127.1',
      '[::1]',
      '169.254.169.254',
      '',
    ]) {
      expect(isPublicHost(host), host).toBe(false);
    }
  });
});
