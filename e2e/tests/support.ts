import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { join } from 'node:path';
import type { BrowserContext, Page } from '@playwright/test';

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

/**
 * Closes a context a test opened itself, waiting at most 15 s. On a busy machine Chromium has been seen not to
 * answer the disposal of a context at all (CI, stop 33: a password journey passed every check, then waited 168 s
 * in `context.close()` until its timeout); the context is then left to the browser's own close at the end.
 */
export async function closeContext(context: BrowserContext): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, 15_000);
  });
  try {
    await Promise.race([context.close(), late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * A request to a store from Node, by the store's Host header on 127.0.0.1 (Node does not resolve `*.localhost`
 * as the browser does): its status and text. `body`, when given, is sent as JSON.
 */
export function askStore(
  origin: string,
  path: string,
  {
    method = 'GET',
    headers = {},
    body,
  }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; text: string }> {
  const url = new URL(path, origin);
  return new Promise((done, fail) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: url.port,
        path: url.pathname,
        method,
        headers: {
          ...headers,
          host: url.host,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8').on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => done({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', fail);
    req.end(body);
  });
}
