import { isIP } from 'node:net';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../../http/errors.ts';

/**
 * Who may read the local mail inbox (`/_dev/mail*`). It shows every store's reset and
 * unlock links, so by default (`DEV_MAIL_ACCESS=loopback`) it answers only clients on this machine:
 * - the socket's peer address must be loopback (127.0.0.0/8, ::1, ::ffff:127.x), and
 * - with `TRUST_PROXY`, every address of the forwarded chain Fastify trusts (`request.ips`: the proxy and
 *   each `X-Forwarded-For` hop up to the first untrusted one) must be loopback too. A trusted proxy
 *   forwarding a remote client is refused; a remote client prepending `X-Forwarded-For: 127.0.0.1` is
 *   refused as well, since the hop the proxy appended is not loopback.
 * Without `TRUST_PROXY`, forwarded headers are ignored and only the socket counts; a proxy on this machine
 * must then be configured with `TRUST_PROXY`, or every client it forwards looks local.
 * `DEV_MAIL_ACCESS=any` serves everyone (a shared test box on a private network).
 */

export type DevMailAccess = 'loopback' | 'any';

/** True for an IPv4 address in 127.0.0.0/8, IPv6 ::1, or an IPv4-mapped 127.x (::ffff:127.0.0.1). */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const ip = address.toLowerCase();
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(v4) === 4) return v4.split('.')[0] === '127';
  if (isIP(ip) !== 6) return false;
  return ip === '::1' || ip === '0:0:0:0:0:0:0:1';
}

/** The client addresses that must all be loopback: the socket's peer and each trusted forwarded hop. */
export function clientAddresses(request: FastifyRequest): string[] {
  return [request.socket.remoteAddress ?? '', request.ip, ...(request.ips ?? [])];
}

/**
 * 403 with the remedy: the inbox is a developer tool, and the person who opens it from another machine
 * (a container, a VM, a phone on the LAN) needs to know why and what to set. Its existence is no secret
 * (docs/configuration.md documents it); its content is what is protected.
 */
export const devMailNotLocal = () =>
  new HttpError(
    403,
    'dev_mail_loopback_only',
    'The local mail inbox answers only clients on this machine (loopback). Open it on the server itself ' +
      '(http://localhost/_dev/mail), or start the server with DEV_MAIL_ACCESS=any on a trusted network.',
  );

/** Adds the check to every route of the plugin it is called in (the inbox's JSON API and its page). */
export function restrictDevMailAccess(app: FastifyInstance, access: DevMailAccess): void {
  if (access === 'any') return;
  app.addHook('onRequest', async (request) => {
    if (!clientAddresses(request).every(isLoopbackAddress)) throw devMailNotLocal();
  });
}
