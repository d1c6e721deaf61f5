import { expect, it } from 'vitest';
import { networkOf } from './networks.js';

it('groups IPv4 addresses by /24 and IPv6 by /64', () => {
  expect(networkOf('203.0.113.7')).toBe('203.0.113.0/24');
  expect(networkOf('203.0.113.250')).toBe(networkOf('203.0.113.7'));
  expect(networkOf('203.0.114.7')).not.toBe(networkOf('203.0.113.7'));
  expect(networkOf('::ffff:203.0.113.9')).toBe('203.0.113.0/24');
  expect(networkOf('2001:db8:a:b:1:2:3:4')).toBe('2001:db8:a:b::/64');
  expect(networkOf('2001:db8:a:b::9')).toBe('2001:db8:a:b::/64');
  expect(networkOf('2001:DB8:0a:b::1')).toBe('2001:db8:a:b::/64');
  expect(networkOf('2001:db8:a:c::1')).not.toBe(networkOf('2001:db8:a:b::1'));
  expect(networkOf('::1')).toBe('0:0:0:0::/64');
});
