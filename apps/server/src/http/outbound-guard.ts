import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/*
 * Server-side request forgery guard for requests the server makes to addresses a user gave (webhooks): the
 * destination's host is resolved and EVERY address it resolves to must be public — not loopback, private
 * (RFC 1918), carrier-grade NAT, link-local (cloud metadata at 169.254.169.254), unique-local, multicast or
 * reserved. `allowPrivate` (a setting, for local development and tests) lets them through. Self-contained:
 * the console's "test connection" has the same need.
 */

/** Why a destination was refused (`reason` is a sentence for the person who registered it). */
export class OutboundDestinationError extends Error {
  readonly code = 'outbound_destination_refused';
  readonly reason: string;
  constructor(reason: string) {
    super(reason);
    this.name = 'OutboundDestinationError';
    this.reason = reason;
  }
}

const NON_PUBLIC = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  NON_PUBLIC.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128], // loopback
  ['64:ff9b:1::', 48], // local-use NAT64
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const)
  NON_PUBLIC.addSubnet(net, prefix, 'ipv6');

/** Is this IP address (v4 or v6, IPv4-mapped included) outside the public internet? */
export function isNonPublicAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return NON_PUBLIC.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true; // not an address: refuse rather than guess
  try {
    return NON_PUBLIC.check(address, family === 4 ? 'ipv4' : 'ipv6');
  } catch {
    return true; // e.g. a zone id (fe80::1%eth0) BlockList cannot read: refuse rather than guess
  }
}

/**
 * Resolves `url`'s host and throws OutboundDestinationError unless every address is public (or
 * `allowPrivate`). Answers the addresses, so the caller can connect to exactly what was checked (no second
 * lookup a DNS rebinding could answer differently).
 */
export async function assertPublicDestination(
  url: URL,
  { allowPrivate }: { allowPrivate: boolean },
): Promise<Array<{ address: string; family: number }>> {
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw new OutboundDestinationError(`Only http(s) destinations are allowed, not ${url.protocol}`);
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: Array<{ address: string; family: number }>;
  try {
    addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true });
  } catch {
    throw new OutboundDestinationError(`The host ${host} could not be resolved.`);
  }
  if (addresses.length === 0) throw new OutboundDestinationError(`The host ${host} has no address.`);
  if (allowPrivate) return addresses;
  const refused = addresses.find((a) => isNonPublicAddress(a.address));
  if (refused)
    throw new OutboundDestinationError(
      `The host ${host} resolves to ${refused.address}, a private, loopback or link-local address: requests there are refused.`,
    );
  return addresses;
}
