import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One message a receiver got: its headers and raw body (what a signature is checked against). */
export type Received = { headers: IncomingHttpHeaders; body: string };

/**
 * A local webhook receiver for the journeys (the journeys' server allows private addresses, see
 * playwright.config.ts): answers 204 and keeps what it got, at `path` on a free port.
 */
export async function webhookReceiver(path: string) {
  const received: Received[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}${path}`, received, close: () => server.close() };
}
