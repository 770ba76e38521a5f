import type { IncomingMessage } from 'node:http';

/**
 * The client's IP address as Fastify sees it (`request.ip`: TRUST_PROXY decides whether X-Forwarded-For
 * counts), handed to oidc-provider's hooks by the raw request they share. Koa's own `ctx.ip` would trust
 * X-Forwarded-For whatever the setting (the provider runs with `proxy = true`).
 */
const ips = new WeakMap<IncomingMessage, string>();

export function rememberRequestIp(raw: IncomingMessage, ip: string): void {
  ips.set(raw, ip);
}

export function requestIpOf(raw: IncomingMessage): string {
  return ips.get(raw) ?? '';
}
