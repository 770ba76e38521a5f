import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/** The portal's tenant configuration call (spec §7). */
export const CONFIG_PATH = '/config/get-tenant-configuration-for-ui';

/** The same store on another host name of this machine: `awwa` → http://awwa.localhost:PORT. */
export function storeUrl(baseURL: string | undefined, subdomain?: string): string {
  const url = new URL(baseURL ?? 'http://localhost');
  if (subdomain) url.hostname = `${subdomain}.${url.hostname}`;
  return url.origin;
}

/** Collects what the browser reports as errors, so a journey can assert a clean console. */
export function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** What e2e/server.ts prepared for the journeys before the server started. */
export function e2eFixtures(): {
  publisherKey: string;
  /** The committee each journey user with `tracksACommittee` tracks, by login. */
  trackedCommittees: Record<string, { committee: string; publisher: string }>;
} {
  const dataDir = process.env.TRACKWELL_E2E_DATA_DIR;
  if (!dataDir) throw new Error('TRACKWELL_E2E_DATA_DIR is not set (run through e2e/playwright.config.ts)');
  return JSON.parse(readFileSync(join(dataDir, 'e2e-fixtures.json'), 'utf8'));
}
