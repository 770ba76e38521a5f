import { createHash } from 'node:crypto';
import {
  CONSOLE_LOGO_PATH,
  consoleLogoAnswer,
  errorEnvelope,
  LOGO_UPLOAD_MAX_BYTES,
  LOGO_UPLOAD_TYPES,
  type LogoUploadType,
  storeCodeParams,
} from '@trackwell/contracts';
import { svgProblems } from '@trackwell/db';
import type { FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../../http/errors.ts';
import { consoleCaller, consoleStore } from './caller.ts';
import { type RasterType, rasterLogoSvg, rasterSize } from './logo-image.ts';
import { type ConsoleApp, consoleDocs, consoleErrors } from './schemas.ts';
import { saveStorePatch } from './store-commands.ts';

/**
 * PUT /stores/:code/logo: the file is the body (LOGO_UPLOAD_TYPES, each at most
 * LOGO_UPLOAD_MAX_BYTES: 413 beyond, read no further). An SVG must pass the SVG guard; a PNG or JPEG is
 * checked by its first bytes and kept as an SVG that embeds it. Saved like PATCH /stores/:code (every process
 * sees it at once), audited with the sizes and digests, not the bytes.
 */

const typeOf = (request: FastifyRequest) =>
  (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() ?? '';

const tooLarge = (type: LogoUploadType) =>
  new HttpError(
    413,
    'body_too_large',
    `The logo is too large: a ${type} logo may be at most ${LOGO_UPLOAD_MAX_BYTES[type]} bytes.`,
  );

const unsupported = () =>
  new HttpError(
    415,
    'unsupported_media_type',
    `Send the logo file itself as the body, as ${LOGO_UPLOAD_TYPES.join(', ')}.`,
  );

const logoRefused = (message: string) =>
  badRequest('The logo is refused: nothing was saved.', [{ path: 'logo', message }]);

const uploadErrors = {
  413: errorEnvelope.meta({
    description: 'The file is larger than its type allows (the message says how much).',
  }),
  415: errorEnvelope.meta({ description: `Send the file as ${LOGO_UPLOAD_TYPES.join(', ')}.` }),
};

/** The body, read up to its type's limit: 413 as soon as it declares or sends more. */
function registerLogoParser(app: ConsoleApp) {
  app.addContentTypeParser([...LOGO_UPLOAD_TYPES], (request, payload, done) => {
    const type = typeOf(request) as LogoUploadType;
    const max = LOGO_UPLOAD_MAX_BYTES[type];
    if (Number(request.headers['content-length'] ?? 0) > max) return done(tooLarge(type), undefined);
    const chunks: Buffer[] = [];
    let size = 0;
    let finished = false;
    const finish = (error: Error | null, body?: Buffer) => {
      if (finished) return;
      finished = true;
      done(error, body);
    };
    payload.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        payload.removeAllListeners('data');
        payload.resume();
        finish(tooLarge(type));
      } else chunks.push(chunk);
    });
    payload.on('end', () => finish(null, Buffer.concat(chunks)));
    payload.on('error', (error) => finish(error));
  });
}

const digest = (s: string | Buffer) => createHash('sha256').update(s).digest('hex').slice(0, 16);

/** The logo SVG to keep, and the image's size (PNG, JPEG), or 400 naming `logo`. */
function logoOf(type: LogoUploadType, bytes: Buffer) {
  if (type === 'image/svg+xml') {
    const svg = bytes.toString('utf8');
    if (svg.includes('\u0000') || svg.includes('\ufffd')) throw logoRefused('must be UTF-8 text without NUL');
    const problems = svgProblems(svg);
    if (problems.length > 0) throw logoRefused(problems.join('; '));
    return { svg, size: null };
  }
  const size = rasterSize(type as RasterType, bytes);
  if (!size) throw logoRefused(`is not a ${type === 'image/png' ? 'PNG' : 'JPEG'} image`);
  return { svg: rasterLogoSvg(type as RasterType, bytes, size), size };
}

export function registerLogoRoutes(app: ConsoleApp) {
  registerLogoParser(app);
  app.put(
    CONSOLE_LOGO_PATH,
    {
      config: { consoleAction: 'store.update' },
      schema: {
        ...consoleDocs,
        summary: "Upload the store's logo: the SVG, PNG or JPEG file is the body",
        description:
          'An SVG must hold no script, event handler or external reference (400 naming `logo`). A PNG or ' +
          'JPEG is checked by its first bytes and kept as an SVG embedding it at its own size, so ' +
          '/assets/<code>/logo.svg and the e-mail PNG serve it. Limits: ' +
          Object.entries(LOGO_UPLOAD_MAX_BYTES)
            .map(([type, max]) => `${type} ${max} bytes`)
            .join(', ') +
          '. Every process sees the new logo at once.',
        params: storeCodeParams,
        consumes: [...LOGO_UPLOAD_TYPES],
        response: { 200: consoleLogoAnswer, ...consoleErrors, ...uploadErrors },
      },
    },
    async (request) => {
      const type = typeOf(request) as LogoUploadType;
      if (!LOGO_UPLOAD_TYPES.includes(type) || !Buffer.isBuffer(request.body)) throw unsupported();
      const bytes = request.body;
      const { svg, size } = logoOf(type, bytes);
      await saveStorePatch(
        app,
        consoleStore(request),
        consoleCaller(request),
        { logoSvg: svg },
        {
          prefix: 'logo',
          auditOf: (changes) => ({
            action: 'store.logo',
            before: {
              logoSvgSha256:
                'logoSvg' in changes.before ? digest(String(changes.before.logoSvg)) : digest(svg),
            },
            after: { type, bytes: bytes.length, ...size, logoSvgSha256: digest(svg) },
          }),
        },
      );
      const code = consoleStore(request).code;
      return {
        type,
        bytes: bytes.length,
        width: size?.width ?? null,
        height: size?.height ?? null,
        logoUrl: `/assets/${code}/logo.svg`,
      };
    },
  );
}
