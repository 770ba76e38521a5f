/// <reference path="./mjml.d.ts" />
import type { MjmlOptions } from 'mjml';

/**
 * MJML to HTML, with MJML loaded on the first e-mail compiled: it is the largest thing the server would
 * otherwise load at start (about 18 MB of heap and 70 MB resident), and no first request needs it.
 */
export async function mjml2html(input: string, options: MjmlOptions) {
  const { default: compile } = await import('mjml');
  return compile(input, options);
}
