import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/*
 * The server-side request forgery guard of every request the server makes to an address a user typed (the
 * console's identity "test connection", webhooks): only https, and only to public addresses. A destination
 * is refused when its host is, or resolves to, a loopback, private, carrier-grade NAT, link-local,
 * unique-local, multicast, documentation or otherwise reserved address (one such address among several is
 * enough). `allowPrivate` (CONSOLE_OUTBOUND_ALLOW_PRIVATE: development and tests) lifts both rules.
 *
 * Checking before connecting is not enough (DNS may answer differently a moment later), so `guardedLookup`
 * is the `lookup` of the connection itself: the address connected to is the address checked.
 */

/** Why an outgoing request was not made: a message for people, naming the destination. */
export class OutboundRefused extends Error {}

const RESERVED = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  RESERVED.addSubnet(net, prefix, 'ipv4');
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  RESERVED.addSubnet(net, prefix, 'ipv6');

const blockList = (
  v4: ReadonlyArray<readonly [string, number]>,
  v6: ReadonlyArray<readonly [string, number]>,
) => {
  const list = new BlockList();
  for (const [net, prefix] of v4) list.addSubnet(net, prefix, 'ipv4');
  for (const [net, prefix] of v6) list.addSubnet(net, prefix, 'ipv6');
  return list;
};
/** The named kinds of refused address, checked in this order; any other reserved one is "reserved". */
const KINDS = [
  ['loopback', blockList([['127.0.0.0', 8]], [['::1', 128]])],
  ['link-local', blockList([['169.254.0.0', 16]], [['fe80::', 10]])],
  [
    'private',
    blockList(
      [
        ['10.0.0.0', 8],
        ['100.64.0.0', 10],
        ['172.16.0.0', 12],
        ['192.168.0.0', 16],
      ],
      [
        ['fc00::', 7],
        ['fec0::', 10],
      ],
    ),
  ],
] as const;

/** An IPv4 address mapped into IPv6 (`::ffff:127.0.0.1`, or as the URL parser writes it `::ffff:7f00:1`). */
function mappedIpv4(address: string): string | undefined {
  const dotted = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
  if (dotted) return dotted;
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return undefined;
  const [high, low] = [Number.parseInt(hex[1]!, 16), Number.parseInt(hex[2]!, 16)];
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

export type AddressKind = 'public' | 'loopback' | 'link-local' | 'private' | 'reserved';

/** What an IP literal points to: a public unicast address, or which kind of non-public one. */
export function addressKind(address: string): AddressKind {
  const family = isIP(address);
  if (family === 0) return 'reserved';
  const mapped = family === 6 ? mappedIpv4(address) : undefined;
  if (mapped) return addressKind(mapped);
  if (family === 6 && /^::ffff:/i.test(address)) return 'reserved';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  for (const [kind, list] of KINDS) if (list.check(address, type)) return kind;
  return RESERVED.check(address, type) ? 'reserved' : 'public';
}

/** Whether `address` (an IP literal) is a public unicast address: not private, loopback, link-local, … */
export const isPublicAddress = (address: string): boolean => addressKind(address) === 'public';

export interface DestinationOptions {
  /** Allow http and private addresses (CONSOLE_OUTBOUND_ALLOW_PRIVATE; development and tests only). */
  allowPrivate: boolean;
  /** The resolver (tests); default: the system's (`dns.lookup`, every address). */
  lookup?: (host: string) => Promise<string[]>;
}

const systemLookup = (host: string) =>
  new Promise<string[]>((resolve, reject) =>
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses: LookupAddress[]) =>
      error ? reject(error) : resolve(addresses.map((a) => a.address)),
    ),
  );

const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * Refuses (OutboundRefused) a destination that is not https, or whose host is or resolves to a non-public
 * address; answers the URL and its addresses. Unresolvable hosts are refused too ("could not be resolved").
 */
export async function assertPublicDestination(
  target: string | URL,
  options: DestinationOptions,
): Promise<{ url: URL; addresses: string[] }> {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    throw new OutboundRefused(`${String(target)} is not a URL`);
  }
  const schemes = options.allowPrivate ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(url.protocol))
    throw new OutboundRefused(`${url.origin} is refused: only ${schemes.join(' or ')} addresses are called`);
  if (url.username || url.password) throw new OutboundRefused('an address with credentials is refused');
  const host = hostOf(url);
  const addresses = isIP(host)
    ? [host]
    : await (options.lookup ?? systemLookup)(host).catch(() => {
        throw new OutboundRefused(`${host} could not be resolved`);
      });
  if (addresses.length === 0) throw new OutboundRefused(`${host} could not be resolved`);
  const refused = addresses.find((address) => !isPublicAddress(address));
  if (refused && !options.allowPrivate)
    throw new OutboundRefused(
      `${host} is refused: it points to a private, loopback or link-local address (${refused})`,
    );
  return { url, addresses };
}

type LookupCallback = (error: Error | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for `http.request` that refuses non-public addresses at connection time (unless
 * `allowPrivate`), so a DNS answer that changed since `assertPublicDestination` is refused too.
 */
export function guardedLookup(allowPrivate: boolean) {
  return (host: string, options: { all?: boolean }, callback: LookupCallback) => {
    dnsLookup(host, { all: true, verbatim: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, []);
      const refused = addresses.find((a) => !isPublicAddress(a.address));
      if (refused && !allowPrivate)
        return callback(new OutboundRefused(`${host} is refused: it points to ${refused.address}`), []);
      if (options.all) return callback(null, addresses);
      const first = addresses[0]!;
      return callback(null, first.address, first.family);
    });
  };
}
