import { createHash } from 'node:crypto';

/** A strong validator for a generated answer (a theme stylesheet, a store's page), so a revisit is a 304. */
export const contentEtag = (body: string) =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
