import { describe, expect, it } from 'vitest';
import { encodeFromUri } from '../../auth/index.ts';
import { returnUrlFrom } from './return-url.ts';

/** `fromURI` must be on the same tenant's origin; anything else falls back to the tracker root. */
const ORIGIN = 'http://localhost:3000';
const query = (fromURI: string, newApproach = true) =>
  `?fromURI=${encodeURIComponent(fromURI)}${newApproach ? '&newApproach=true' : ''}`;

describe('returnUrlFrom (fromURI rules)', () => {
  it('the base64 fromURI of a same-origin tracker URL is where the user goes back to', () => {
    const tracker = `${ORIGIN}/?page=2#committees`;
    expect(returnUrlFrom(query(encodeFromUri(tracker)), ORIGIN)).toBe(tracker);
  });

  it('non-ASCII URLs survive the base64 round trip', () => {
    const tracker = `${ORIGIN}/?q=${encodeURIComponent('normes-éàü-標準')}`;
    expect(returnUrlFrom(query(encodeFromUri(tracker)), ORIGIN)).toBe(tracker);
  });

  it.each([
    ['another origin', 'https://evil.example/steal'],
    ['another port', 'http://localhost:4000/'],
    ['another store of the platform', 'http://awwa.localhost:3000/'],
    ['a protocol-relative URL', '//evil.example/x'],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:text/html,<script>alert(1)</script>'],
  ])('%s falls back to the tracker root', (_name, url) => {
    expect(returnUrlFrom(query(encodeFromUri(url)), ORIGIN)).toBe(`${ORIGIN}/`);
  });

  it('not base64 with newApproach, or no fromURI at all: the tracker root', () => {
    expect(returnUrlFrom(query('%%%not-base64'), ORIGIN)).toBe(`${ORIGIN}/`);
    expect(returnUrlFrom('', ORIGIN)).toBe(`${ORIGIN}/`);
  });

  it("without newApproach (the identity provider's own form) fromURI is a plain URL, same rules", () => {
    const authorize = `${ORIGIN}/oauth2/default/v1/authorize?client_id=x&state=y`;
    expect(returnUrlFrom(query(authorize, false), ORIGIN)).toBe(authorize);
    expect(returnUrlFrom(query('/oauth2/default/v1/authorize?a=1', false), ORIGIN)).toBe(
      `${ORIGIN}/oauth2/default/v1/authorize?a=1`,
    );
    expect(returnUrlFrom(query('https://evil.example/', false), ORIGIN)).toBe(`${ORIGIN}/`);
  });
});
