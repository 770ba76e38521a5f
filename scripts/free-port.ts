import { createServer } from 'node:net';

/**
 * Ports for servers that tests and fault runs start as child processes: below Linux's ephemeral range
 * (32768–60999) and above the fixed ones of the journeys and benches (8xxx). A port the kernel hands to
 * `listen(0)` or to an outgoing connection (the suites hold hundreds of PostgreSQL connections) could be
 * taken between a probe and the child's bind, or while a SIGKILLed server is started again on its port.
 * Ports from this range are never handed out that way; only another explicit bind could take one, and a
 * random pick among 12,000 makes that unlikely.
 */
const PORTS = { from: 20000, to: 32000 };

const isFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });

/** Ports this process handed out already: a test that asks for several at once gets different ones. */
const handedOut = new Set<number>();

/** A port of 127.0.0.1 that nothing listens on now, from PORTS, not handed out before by this process. */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const port = PORTS.from + Math.floor(Math.random() * (PORTS.to - PORTS.from));
    if (handedOut.has(port)) continue;
    handedOut.add(port);
    if (await isFree(port)) return port;
  }
  throw new Error(`no free port between ${PORTS.from} and ${PORTS.to} after 50 tries`);
}
