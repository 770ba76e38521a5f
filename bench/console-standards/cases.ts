import type { FastifyInstance } from 'fastify';
import { STANDARDS } from '../tracker-list/settings.ts';

/** The cases of the console standards bench: each a query of the list, timed through `inject`. */

export const GOAL_MS = 100;
const LIMIT = 50;
/** The store's standards in pages of 50 (100,000: page 1,000 is the middle, 2,000 the last). */
const LAST = Math.ceil(STANDARDS / LIMIT);
const DEEP = Math.ceil(LAST / 2);
/** The middle page of the ~1 in 20 titles with "corrosion" (100,000 standards: page 50). */
const FILTERED_MIDDLE = Math.max(1, Math.floor(STANDARDS / 20 / LIMIT / 2));

export const CASES: Array<{ name: string; query: string }> = [
  { name: 'first page, by designation (keyset)', query: `limit=${LIMIT}` },
  { name: 'first page, by designation (numbered)', query: `limit=${LIMIT}&page=1` },
  { name: `page ${DEEP}, by designation`, query: `limit=${LIMIT}&page=${DEEP}` },
  { name: `page ${LAST} (last), by designation`, query: `limit=${LIMIT}&page=${LAST}` },
  { name: 'first page, by title', query: `limit=${LIMIT}&sort=title` },
  { name: `page ${DEEP}, by title`, query: `limit=${LIMIT}&sort=title&page=${DEEP}` },
  { name: `page ${DEEP}, by title descending`, query: `limit=${LIMIT}&sort=-title&page=${DEEP}` },
  { name: 'first page, by release date', query: `limit=${LIMIT}&sort=publishedOn` },
  {
    name: `page ${DEEP}, by release date descending`,
    query: `limit=${LIMIT}&sort=-publishedOn&page=${DEEP}`,
  },
  { name: 'first page, by status', query: `limit=${LIMIT}&sort=status` },
  { name: `page ${DEEP}, by status descending`, query: `limit=${LIMIT}&sort=-status&page=${DEEP}` },
  {
    name: `filter "corrosion" (~${(STANDARDS / 20).toLocaleString('en')}), first page`,
    query: `limit=${LIMIT}&q=corrosion&page=1`,
  },
  {
    name: `filter "corrosion", page ${FILTERED_MIDDLE}, by title`,
    query: `limit=${LIMIT}&q=corrosion&sort=title&page=${FILTERED_MIDDLE}`,
  },
  { name: 'filter prefix "A1", first page', query: `limit=${LIMIT}&q=A1&page=1` },
  { name: 'filter two words (none match), first page', query: `limit=${LIMIT}&q=steel%20pipe&page=1` },
];

export interface Timing {
  median: number;
  worst: number;
  rows: number;
  total: number | undefined;
}

/** One warm-up, then `rounds` timed calls; a call that is not 200 stops the bench (it would measure nothing). */
export async function time(
  app: FastifyInstance,
  world: { code: string; host: string; token: string },
  query: string,
  rounds: number,
): Promise<Timing> {
  const url = `/api/console/v1/stores/${world.code}/catalog/standards?${query}`;
  const headers = { host: world.host, authorization: `Bearer ${world.token}` };
  const times: number[] = [];
  let answer: { standards: unknown[]; total?: number } | undefined;
  for (let round = 0; round <= rounds; round++) {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url, headers });
    const elapsed = performance.now() - started;
    if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 300)}`);
    answer = res.json();
    if (round > 0) times.push(elapsed);
  }
  times.sort((a, b) => a - b);
  return {
    median: times[Math.floor(times.length / 2)]!,
    worst: times.at(-1)!,
    rows: answer?.standards.length ?? 0,
    total: answer?.total,
  };
}
