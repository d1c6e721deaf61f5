/**
 * The network an address belongs to, for sign-in limits (issue 31): a /24 for IPv4 (one household,
 * office or small hosting block), a /64 for IPv6 (what one subscriber is given). Counting by network
 * keeps one attacker with many addresses of one block to one budget.
 */
import { isIPv4, isIPv6 } from 'node:net';

function expandIpv6(address: string): string[] | undefined {
  const [head = '', tail] = address.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  if (tail === undefined && left.length !== 8) return undefined;
  const missing = 8 - left.length - right.length;
  if (missing < 0) return undefined;
  return [...left, ...Array<string>(missing).fill('0'), ...right].map((part) => part.toLowerCase().replace(/^0+(?=.)/, ''));
}

export function networkOf(address: string): string {
  const plain = address.replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(plain)?.[1];
  const v4 = mapped ?? (isIPv4(plain) ? plain : undefined);
  if (v4) return `${v4.split('.').slice(0, 3).join('.')}.0/24`;
  if (isIPv6(plain)) {
    const parts = expandIpv6(plain);
    if (parts) return `${parts.slice(0, 4).join(':')}::/64`;
  }
  return address;
}
