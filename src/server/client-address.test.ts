import { describe, expect, it } from 'vitest';
import { clientAddress } from './client-address.ts';

describe('clientAddress', () => {
  it('is an IPv4 address itself, however the socket wrote it', () => {
    expect(clientAddress('203.0.113.7')).toBe('203.0.113.7');
    expect(clientAddress('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it("is an IPv6 address's /64, however it is written", () => {
    expect(clientAddress('2001:db8:aa:bb:1:2:3:4')).toBe('2001:db8:aa:bb::/64');
    expect(clientAddress('2001:db8:aa:bb::9')).toBe('2001:db8:aa:bb::/64');
    expect(clientAddress('2001:DB8:AA:BB:0:0:0:1')).toBe('2001:db8:aa:bb::/64');
    expect(clientAddress('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddress('2001:db8:0:0:ffff::1')).toBe('2001:db8:0:0::/64');
    expect(clientAddress('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientAddress('64:ff9b::198.51.100.1')).toBe('64:ff9b:0:0::/64');
    expect(clientAddress('::1')).toBe('0:0:0:0::/64');
  });
});
