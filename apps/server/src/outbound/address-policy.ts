import { BlockList, isIP } from 'node:net';

/**
 * Ranges the service never connects to on a caller's behalf unless allowed: this machine, the
 * private networks, link-local (cloud metadata at 169.254.169.254), shared, reserved, multicast
 * and documentation ranges, and their IPv6 counterparts.
 */
const REFUSED: readonly [string, number, 'ipv4' | 'ipv6'][] = [
  ['0.0.0.0', 8, 'ipv4'],
  ['10.0.0.0', 8, 'ipv4'],
  ['100.64.0.0', 10, 'ipv4'],
  ['127.0.0.0', 8, 'ipv4'],
  ['169.254.0.0', 16, 'ipv4'],
  ['172.16.0.0', 12, 'ipv4'],
  ['192.0.0.0', 24, 'ipv4'],
  ['192.0.2.0', 24, 'ipv4'],
  ['192.168.0.0', 16, 'ipv4'],
  ['198.18.0.0', 15, 'ipv4'],
  ['198.51.100.0', 24, 'ipv4'],
  ['203.0.113.0', 24, 'ipv4'],
  ['224.0.0.0', 4, 'ipv4'],
  ['240.0.0.0', 4, 'ipv4'],
  ['::', 128, 'ipv6'],
  ['::1', 128, 'ipv6'],
  ['64:ff9b::', 96, 'ipv6'],
  ['100::', 64, 'ipv6'],
  ['2001:db8::', 32, 'ipv6'],
  ['fc00::', 7, 'ipv6'],
  ['fe80::', 10, 'ipv6'],
  ['ff00::', 8, 'ipv6'],
];

/** `address/prefix` (or a bare address) as BlockList arguments; throws on anything else. */
function parseRange(range: string): [string, number, 'ipv4' | 'ipv6'] {
  const [address = '', prefixText] = range.split('/');
  const version = isIP(address);
  if (version === 0) throw new Error(`\`${range}\` is not an IP address or CIDR range`);
  const max = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > max)
    throw new Error(`\`${range}\` has no valid prefix length (0–${String(max)})`);
  return [address, prefix, version === 4 ? 'ipv4' : 'ipv6'];
}

/** The IPv4 address an IPv4-mapped IPv6 address (`::ffff:127.0.0.1`) stands for. */
function unmapped(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped?.[1] ?? address;
}

/**
 * Which addresses the service may fetch from: any public address, and of the refused ranges
 * only those `allow` names (CIDR ranges or addresses, e.g. `127.0.0.1/32` for a test server).
 */
export class AddressPolicy {
  readonly #refused = new BlockList();
  readonly #allowed = new BlockList();

  constructor(allow: readonly string[] = []) {
    for (const [address, prefix, family] of REFUSED)
      this.#refused.addSubnet(address, prefix, family);
    for (const range of allow) {
      const [address, prefix, family] = parseRange(range);
      this.#allowed.addSubnet(address, prefix, family);
    }
  }

  /** Whether connecting to `address` (an IP literal) is allowed. */
  allows(address: string): boolean {
    const plain = unmapped(address);
    const family = isIP(plain) === 4 ? 'ipv4' : 'ipv6';
    if (isIP(plain) === 0) return false;
    if (this.#allowed.check(plain, family)) return true;
    return !this.#refused.check(plain, family);
  }
}
