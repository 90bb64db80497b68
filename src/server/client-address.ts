import { isIPv6 } from 'node:net';

/**
 * Who a per-client limit counts: an IPv4 address, or an IPv6 address's /64 — one home or
 * phone is given a whole /64, so counting its addresses one by one would give it 2^64 budgets.
 * An IPv4 address seen on a dual-stack socket (`::ffff:1.2.3.4`) is that IPv4 address.
 */
export function clientAddress(ip: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  const address = ip.replace(/%.*$/, '');
  if (!isIPv6(address)) return ip;
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => (part ? part.split(':') : []);
  // an IPv4 tail (`64:ff9b::1.2.3.4`) stands for two groups, both past the /64
  const count = (parts: string[]) => parts.reduce((n, g) => n + (g.includes('.') ? 2 : 1), 0);
  const first = groups(head);
  const all = tail === undefined ? first : [...first, ...Array<string>(8 - count(first) - count(groups(tail))).fill('0'), ...groups(tail)];
  return `${all
    .slice(0, 4)
    .map((g) => parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
