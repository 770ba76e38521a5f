import { z } from 'zod';
import { LOGO_SVG_MAX_LENGTH } from './tenant-definition.ts';

/*
 * The console's logo upload: the file is the request body. An SVG is kept as it is (after the
 * SVG guard); a PNG or JPEG is kept as an SVG that embeds it (a data: URI, with the image's own viewBox), so
 * every store keeps one logo SVG: served at /assets/<code>/logo.svg and drawn as the e-mails' PNG.
 */

/** Accepted body types. */
export const LOGO_UPLOAD_TYPES = ['image/svg+xml', 'image/png', 'image/jpeg'] as const;
export type LogoUploadType = (typeof LOGO_UPLOAD_TYPES)[number];

/**
 * The largest body of each kind, in bytes (413 beyond). A PNG or JPEG grows by a third as base64 in its SVG
 * wrapper, which must still fit LOGO_SVG_MAX_LENGTH.
 */
export const LOGO_UPLOAD_MAX_BYTES: Record<LogoUploadType, number> = {
  'image/svg+xml': LOGO_SVG_MAX_LENGTH,
  'image/png': 144 * 1024,
  'image/jpeg': 144 * 1024,
};

export const consoleLogoAnswer = z.object({
  type: z.enum(LOGO_UPLOAD_TYPES),
  /** Size of the uploaded file. */
  bytes: z.number().int(),
  /** The image's size in pixels (PNG, JPEG); null for an SVG. */
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** Where the store's logo is served. */
  logoUrl: z.string(),
});
export type ConsoleLogoAnswer = z.infer<typeof consoleLogoAnswer>;
