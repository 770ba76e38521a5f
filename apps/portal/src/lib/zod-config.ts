/**
 * Zod compiles object parsers with `new Function` when it may, and probes whether it may by calling it.
 * The portal's Content-Security-Policy (`script-src 'self'`, no 'unsafe-eval') forbids that, so the probe
 * fails — and the browser reports a CSP violation for it each page load (Lighthouse best practices:
 * "issues in the Issues panel"). Jitless mode skips the probe and parses without generated code. Imported
 * first by main.tsx, before anything parses.
 *
 * The first screen carries no Zod (it comes with the screens that parse), so this sets Zod's
 * global configuration where Zod keeps it, `globalThis.__zod_globalConfig` (zod/v4/core `config()` merges
 * into that object, created when absent), instead of importing Zod's core for its `config`.
 * zod-config.test.ts fails if a Zod release moves it.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = Object.assign(holder.__zod_globalConfig ?? {}, { jitless: true });

export {};
