import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { parentPort } from 'node:worker_threads';
import { initWasm, Resvg } from '@resvg/resvg-wasm';
import { EMAIL_LOGO_MAX_PIXELS } from '@trackwell/contracts';
import { loadLogoFonts, resolveFontFamilies, SANS, SERIF } from './svg-fonts.ts';

/**
 * The logo renderer's thread (see rasterizer.ts): resvg compiled to WebAssembly, no native addon. It never
 * loads anything: resvg resolves no external reference (an `href` to a URL or a file is left out), and it is
 * given no system fonts, only ours. One request at a time: { id, svg } → { id, png, width, height } or
 * { id, error }.
 */

export interface RenderRequest {
  id: number;
  svg: string;
}
export type RenderAnswer =
  | { id: number; png: Uint8Array; width: number; height: number }
  | { id: number; error: string };

const require = createRequire(import.meta.url);
await initWasm(readFileSync(require.resolve('@resvg/resvg-wasm/index_bg.wasm')));
const fontBuffers = loadLogoFonts();
const font = {
  fontBuffers,
  defaultFontFamily: SANS,
  sansSerifFamily: SANS,
  serifFamily: SERIF,
};

/** The scale that fits the logo into the largest PNG the e-mail shows, keeping its proportions. */
function fit(width: number, height: number): number {
  // A hair under: resvg rounds the scaled size up, and 96.00000001 px would be 97.
  return Math.min(EMAIL_LOGO_MAX_PIXELS.height / height, EMAIL_LOGO_MAX_PIXELS.width / width) * (1 - 1e-6);
}

function render(svg: string): { png: Uint8Array; width: number; height: number } {
  const source = resolveFontFamilies(svg);
  // First read the logo's own size (parsing only), then draw it at the scale that fits.
  const probe = new Resvg(source, { font, fitTo: { mode: 'original' } });
  const { width, height } = probe;
  probe.free();
  if (!(width > 0 && height > 0) || !Number.isFinite(width) || !Number.isFinite(height))
    throw new Error('the logo has no size');
  const resvg = new Resvg(source, { font, fitTo: { mode: 'zoom', value: fit(width, height) } });
  try {
    const image = resvg.render();
    try {
      if (image.width > EMAIL_LOGO_MAX_PIXELS.width || image.height > EMAIL_LOGO_MAX_PIXELS.height)
        throw new Error(`the drawing came out ${image.width}×${image.height}`);
      return { png: image.asPng(), width: image.width, height: image.height };
    } finally {
      image.free();
    }
  } finally {
    resvg.free();
  }
}

parentPort?.postMessage({ ready: true });
parentPort?.on('message', (request: RenderRequest) => {
  let answer: RenderAnswer;
  try {
    answer = { id: request.id, ...render(request.svg) };
  } catch (error) {
    answer = { id: request.id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(answer);
});
