import { isIPv6 } from 'node:net';
import type { FastifyRequest } from 'fastify';

/**
 * The part of a client's address that limits count: an IPv4 address as it is, an IPv6 address by its /64 network
 * (one household or phone gets a whole /64 and may rotate through it), an IPv4-mapped IPv6 address as IPv4.
 */
export function clientAddressKey(ip: string): string {
  // An IPv4 address, the common case, without the two patterns below (the IPv6 one was 1% of a small API call).
  if (!ip.includes(':')) return ip;
  const mapped = /^::ffff:(\d{1,3}(\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.toLowerCase().split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...left, ...Array(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups
    .slice(0, 4)
    .map((group) => group.replace(/^0+(?=.)/, ''))
    .join(':')}::/64`;
}

/** Trusts the nearest `hops` proxies (Fastify's types take no hop count, its runtime does the same with a function). */
export const trustHops = (hops: number) => (_address: string, hop: number) => hop < hops;

const isLoopback = (address: string) =>
  address === '::1' || address.startsWith('127.') || address.startsWith('::ffff:127.');

/**
 * Whether a request comes from this machine (the local mailbox and SMS box answer no one else). Both the socket and
 * the client address the server decides (`request.ip`, which believes the configured proxy hops) must be this
 * machine: the socket alone is loopback for everyone behind a local proxy, and `request.ip` alone can be claimed in
 * X-Forwarded-For by a client that reaches the port directly.
 */
export function fromLoopback(request: FastifyRequest): boolean {
  return isLoopback(request.raw.socket.remoteAddress ?? '') && isLoopback(request.ip);
}
