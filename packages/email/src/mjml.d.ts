// MJML 5 ships no types (and @types/mjml describes the synchronous v4 API): the part we use.
declare module 'mjml' {
  interface MjmlError {
    line: number;
    message: string;
    tagName: string;
    formattedMessage: string;
  }
  interface MjmlOptions {
    validationLevel?: 'strict' | 'soft' | 'skip';
    minify?: boolean;
    /** Web fonts MJML links when a font-family names them; default: several Google Fonts. */
    fonts?: Record<string, string>;
  }
  export default function mjml2html(
    input: string,
    options?: MjmlOptions,
  ): Promise<{ html: string; errors: MjmlError[] }>;
}
