import { z } from 'zod';

/**
 * Value guards for tenant-supplied data. Tenant configuration is written by operators and rendered into
 * every page of that tenant, so anything that reaches an `href`, `src` or stylesheet is checked at write time.
 */

// Control characters (C0/C1), line/paragraph separators and bidi overrides: never legitimate in a config
// value. Line breaks are judged separately (multiline text may have them).
const hasControlChars = (s: string) => /[\p{Cc}\p{Zl}\p{Zp}\p{Bidi_Control}]/u.test(s.replace(/\r?\n/g, ''));

/** Plain text shown to users (names, labels, addresses). Newlines allowed only where `multiline`. */
export const safeText = (max: number, { multiline = false } = {}) =>
  z
    .string()
    .max(max)
    .refine((s) => !hasControlChars(s), 'must not contain control characters')
    .refine((s) => multiline || !/[\r\n]/.test(s), 'must be a single line');

/**
 * A link or resource address: an absolute http(s) URL, or a path on the tenant's own origin ("/…").
 * Refuses `javascript:`, `data:`, protocol-relative `//host` and anything with whitespace or controls,
 * because these values land in `href`/`src` attributes.
 */
export const safeUrl = z
  .string()
  .min(1)
  .max(2048)
  .refine((s) => !/[\s\\]/.test(s) && !hasControlChars(s), 'must not contain spaces, backslashes or controls')
  .refine((s) => {
    if (s.startsWith('/')) return !s.startsWith('//');
    try {
      const u = new URL(s);
      return (u.protocol === 'https:' || u.protocol === 'http:') && u.hostname.length > 0;
    } catch {
      return false;
    }
  }, 'must be an http(s) URL or a path starting with a single "/"');

/** An absolute http(s) URL (what the configuration service answers after resolving tenant-relative paths). */
export const absoluteUrl = safeUrl.refine((s) => !s.startsWith('/'), 'must be an absolute http(s) URL');

/** A colour for the theme stylesheet: only #rrggbb, so nothing can break out of a CSS declaration. */
export const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'must be a #rrggbb colour');

/** A host name as it appears in a Host header (lower-case, no port). */
export const hostName = z
  .string()
  .min(1)
  .max(253)
  .regex(
    /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/,
    'must be a lower-case host name',
  );

/** A tenant code: used in asset paths and cookie names, so kept to a URL- and filename-safe alphabet. */
export const tenantCode = z
  .string()
  .regex(/^[a-z][a-z0-9-]{1,31}$/, 'must be 2-32 of a-z, 0-9, "-", starting with a letter');
