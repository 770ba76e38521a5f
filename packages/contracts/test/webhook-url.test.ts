import { describe, expect, it } from 'vitest';
import { webhookEndpointCreate } from '../src/webhooks.ts';

/**
 * A webhook URL's host may be a host name or an IP literal, IPv6 ones in brackets: the contract checks the
 * URL's shape only, so the server can refuse a literal loopback or private address with that reason
 * instead of "Invalid URL".
 */
const parse = (url: string) => webhookEndpointCreate.safeParse({ url });

describe('the webhook URL contract', () => {
  it.each([
    'https://[::1]/hook',
    'https://[::ffff:127.0.0.1]/hook',
    'https://[fe80::1]',
    'https://[fc00::1]:8443/x',
    'https://[2606:4700:4700::1111]/hook',
    'https://127.0.0.1/hook',
    'https://example.com/hook',
  ])('accepts the shape of %s (the server judges the address)', (url) => {
    expect(parse(url).success).toBe(true);
  });

  it.each([
    'https://[::1/hook',
    'https://[example.com]/hook',
    'https://exa mple.com/',
    'ftp://example.com/',
    'https://',
  ])('refuses %s as not a URL of its kind', (url) => {
    expect(parse(url).success).toBe(false);
  });
});
