/**
 * `npm start`'s first file, plain JavaScript: nothing before the compile cache needs Node's TypeScript
 * stripper (a WebAssembly parser it loads on first use) or compiling.
 * 1. glibc's malloc settings for a server (./malloc-settings.mjs): a start without them replaces itself with
 *    one that has them, before it has read any of the server's modules.
 * 2. Node's on-disk cache of compiled modules (NODE_COMPILE_CACHE, else the system's temporary directory), on
 *    before the first TypeScript file: a later start reads the server's modules stripped and compiled.
 * Then ./start.ts, which builds the portal if it changed and starts the server (bench/startup).
 */
import './malloc-settings.mjs'; // first: it may replace this process before anything else is loaded
import { enableCompileCache } from 'node:module';

enableCompileCache();
await import('./start.ts');
