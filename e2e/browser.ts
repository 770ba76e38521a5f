/**
 * The Chromium the journeys drive: Debian's `chromium-headless-shell`, Chromium's headless build of the same
 * release as Debian's `chromium`. Same engine, same pages, none of the browser around them: on four journey
 * files it took 63 CPU-s against 82 with the whole browser (interleaved, twice each). `npm test` installs it
 * when missing (scripts/ensure-chromium.ts). E2E_CHROMIUM_PATH=/usr/bin/chromium runs them in the whole browser.
 */
export const JOURNEY_CHROMIUM = process.env.E2E_CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell';
