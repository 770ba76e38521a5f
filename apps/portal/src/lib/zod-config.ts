import { z } from 'zod';

/**
 * Zod compiles object parsers with `new Function` when it may, and probes whether it may by calling it.
 * The portal's Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval') forbids that, so the probe
 * fails — and the browser reports a CSP violation for it each page load (Lighthouse best practices:
 * "issues in the Issues panel"). Jitless mode skips the probe and parses without generated code. Imported
 * first by main.tsx, before anything parses.
 */
z.config({ jitless: true });
