import { isIP } from 'node:net';

/**
 * An address or CIDR range as a network number of 128 bits and a prefix length. IPv4 is placed where
 * IPv4-mapped IPv6 puts it (::ffff:a.b.c.d, prefix + 96), so `10.0.0.0/8` and `::ffff:10.0.0.0/104` are one
 * range and a mapped form cannot slip past a check written for IPv4.
 */
export interface AddressRange {
  network: bigint;
  prefix: number;
}

const ALL_BITS = (1n << 128n) - 1n;
const IPV4_MAPPED = 0xffffn << 32n;

const maskOf = (prefix: number) => ALL_BITS ^ ((1n << BigInt(128 - prefix)) - 1n);

function ipv4Number(text: string): bigint {
  return text.split('.').reduce((n, octet) => (n << 8n) | BigInt(Number(octet)), 0n);
}

/** An IPv6 address node's isIP accepted, as a number (a zone, `%eth0`, names an interface, not addresses). */
function ipv6Number(text: string): bigint {
  let address = text.split('%', 1)[0]!;
  const lastColon = address.lastIndexOf(':');
  const tail = address.slice(lastColon + 1);
  if (tail.includes('.')) {
    const v4 = ipv4Number(tail);
    address = `${address.slice(0, lastColon + 1)}${(v4 >> 16n).toString(16)}:${(v4 & 0xffffn).toString(16)}`;
  }
  const [left = '', right] = address.split('::');
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':'));
  const head = groupsOf(left);
  const rest = right === undefined ? [] : groupsOf(right);
  const groups = right === undefined ? head : [...head, ...Array<string>(8 - head.length - rest.length).fill('0'), ...rest];
  return groups.reduce((n, group) => (n << 16n) | BigInt(parseInt(group, 16)), 0n);
}

/** `10.0.0.1`, `10.0.0.0/8`, `fd00::/8`, `::ffff:10.0.0.0/104` as a range, or null when node cannot read it as one. */
export function parseAddressRange(text: string): AddressRange | null {
  const [address = '', prefixText, extra] = text.split('/');
  const family = isIP(address);
  if (family === 0 || extra !== undefined) return null;
  const bits = family === 6 ? 128 : 32;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return null;
  const ownPrefix = prefixText === undefined ? bits : Number(prefixText);
  if (ownPrefix > bits) return null;
  const prefix = ownPrefix + 128 - bits;
  const number = family === 6 ? ipv6Number(address) : IPV4_MAPPED | ipv4Number(address);
  return { network: number & maskOf(prefix), prefix };
}

const ranges = (...texts: string[]) => texts.map((text) => parseAddressRange(text)!);

/**
 * What no client on the internet can have: private (RFC 1918), loopback, link-local, carrier-grade NAT
 * (100.64/10, RFC 6598) and unique local IPv6 (fc00::/7). Every other address may be anyone's.
 */
export const NON_PUBLIC_RANGES: readonly AddressRange[] = ranges(
  '10.0.0.0/8',
  '172.16.0.0/12',
  '192.168.0.0/16',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '100.64.0.0/10',
  '::1/128',
  'fe80::/10',
  'fc00::/7',
);

/** Every IPv4 address, and every IPv6 address handed out for the internet (global unicast, 2000::/3). */
const EVERY_CLIENT = ranges('0.0.0.0/0', '2000::/3');

const contains = (outer: AddressRange, inner: AddressRange) => outer.prefix <= inner.prefix && (inner.network & maskOf(outer.prefix)) === outer.network;

/** Whether `range` lies wholly within the union of `within` (CIDR ranges are nested or apart, so halving settles it). */
function coveredBy(range: AddressRange, within: readonly AddressRange[]): boolean {
  if (within.some((outer) => contains(outer, range))) return true;
  if (range.prefix === 128 || !within.some((inner) => contains(range, inner))) return false;
  const prefix = range.prefix + 1;
  return coveredBy({ network: range.network, prefix }, within) && coveredBy({ network: range.network | (1n << BigInt(128 - prefix)), prefix }, within);
}

/** Whether the range holds any public address: one that is not private, loopback, link-local, CGNAT or ULA. */
export function holdsPublicAddresses(range: AddressRange): boolean {
  return !coveredBy(range, NON_PUBLIC_RANGES);
}

/** Whether these ranges together hold every public IPv4 address, or every public IPv6 one: everyone, by another name. */
export function holdEveryClient(list: readonly AddressRange[]): boolean {
  return EVERY_CLIENT.some((all) => coveredBy(all, [...list, ...NON_PUBLIC_RANGES]));
}
