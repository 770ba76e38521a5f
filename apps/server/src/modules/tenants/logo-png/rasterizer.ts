import { Worker } from 'node:worker_threads';
import { EMAIL_LOGO } from '@trackwell/contracts';
import { svgProblems } from '@trackwell/db';
import type { RenderAnswer } from './render-worker.ts';

/** A PNG drawn from a logo SVG. */
export interface LogoPng {
  png: Buffer;
  width: number;
  height: number;
}

/** Why a logo was not drawn: the SVG is refused (too large, active or external content) or the drawing failed. */
export class LogoNotRenderable extends Error {}

export interface LogoRasterizer {
  render(svg: Uint8Array): Promise<LogoPng>;
  close(): Promise<void>;
}

/** Why a logo is not drawn at all (too large, or what the write-time guard refuses), else undefined. */
function refusal(body: Uint8Array, svg: string): LogoNotRenderable | undefined {
  if (body.byteLength > EMAIL_LOGO.maxSvgBytes)
    return new LogoNotRenderable(
      `the logo is ${body.byteLength} bytes; at most ${EMAIL_LOGO.maxSvgBytes} are drawn`,
    );
  const problems = [
    ...svgProblems(svg),
    ...(/<!DOCTYPE[^>]*\[/i.test(svg) ? ['must not contain a DOCTYPE with declarations'] : []),
  ];
  return problems.length > 0
    ? new LogoNotRenderable(`the logo is refused: it ${problems.join(', ')}`)
    : undefined;
}

/**
 * One drawing on the thread `w`: its answer, or a refusal when it errs, exits or outlasts `timeoutMs`.
 * `broken(kill)` tells the owner the thread is unusable (and whether to terminate it).
 */
function drawOn(
  w: Worker,
  request: { id: number; svg: string },
  timeoutMs: number,
  broken: (kill: boolean) => void,
): Promise<LogoPng> {
  return new Promise<LogoPng>((resolve, reject) => {
    w.ref();
    const done = () => {
      w.unref();
      clearTimeout(timer);
      w.off('message', onMessage);
      w.off('error', onError);
      w.off('exit', onExit);
    };
    const fail = (why: string, kill: boolean) => {
      done();
      broken(kill);
      reject(new LogoNotRenderable(`the logo could not be drawn${why}`));
    };
    const onMessage = (answer: RenderAnswer) => {
      if (answer.id !== request.id) return;
      done();
      if ('error' in answer) reject(new LogoNotRenderable(`the logo could not be drawn: ${answer.error}`));
      else resolve({ png: Buffer.from(answer.png), width: answer.width, height: answer.height });
    };
    const onError = (error: Error) => fail(`: ${error.message}`, true);
    const onExit = () => fail(': the renderer stopped', false);
    const timer = setTimeout(() => fail(` within ${timeoutMs} ms`, true), timeoutMs);
    w.on('message', onMessage);
    w.once('error', onError);
    w.once('exit', onExit);
    w.postMessage(request);
  });
}

/**
 * Draws logo SVGs as PNGs on a worker thread with resvg-wasm, so that a hostile SVG cannot
 * hang or crash the server: the SVG is checked first (at most EMAIL_LOGO.maxSvgBytes; no internal DOCTYPE subset or entity,
 * script or external reference: the write-time guard, again), the output is at most EMAIL_LOGO_MAX_PIXELS
 * whatever size the SVG claims, and a drawing that takes longer than the timeout, or kills its thread
 * (WebAssembly out of memory), ends that thread: the logo is refused and the next drawing gets a new one.
 * One drawing at a time; the thread starts on the first drawing and stops after a minute without work.
 */
export function createLogoRasterizer(options: { timeoutMs?: number; idleMs?: number } = {}): LogoRasterizer {
  const timeoutMs = options.timeoutMs ?? EMAIL_LOGO.renderTimeoutMs;
  const idleMs = options.idleMs ?? 60_000;
  let worker: Worker | undefined;
  let ready: Promise<Worker> | undefined;
  let queue: Promise<unknown> = Promise.resolve();
  let nextId = 1;
  let idleTimer: NodeJS.Timeout | undefined;

  const stop = async () => {
    const w = worker;
    worker = undefined;
    ready = undefined;
    if (w) await w.terminate();
  };

  const start = () =>
    (ready ??= new Promise<Worker>((resolve, reject) => {
      const w = new Worker(new URL('./render-worker.ts', import.meta.url), {
        resourceLimits: { maxOldGenerationSizeMb: 64 },
      });
      worker = w;
      w.once('message', () => {
        w.unref(); // an idle renderer keeps no process alive; a drawing refs it while it runs
        resolve(w);
      });
      w.once('error', (error) => {
        if (worker === w) {
          worker = undefined;
          ready = undefined;
        }
        reject(error);
      });
    }));

  const drawOnce = async (svg: string): Promise<LogoPng> => {
    const w = await start();
    return drawOn(w, { id: nextId++, svg }, timeoutMs, (kill) => {
      if (kill) void stop();
      else if (worker === w) {
        worker = undefined;
        ready = undefined;
      }
    });
  };

  return {
    render(body) {
      const svg = new TextDecoder('utf-8', { fatal: false }).decode(body);
      const refused = refusal(body, svg);
      if (refused) return Promise.reject(refused);
      const result = queue.then(() => {
        clearTimeout(idleTimer);
        return drawOnce(svg);
      });
      queue = result
        .catch(() => {})
        .then(() => {
          idleTimer = setTimeout(() => void stop(), idleMs);
          idleTimer.unref();
        });
      return result;
    },
    async close() {
      clearTimeout(idleTimer);
      await stop();
    },
  };
}
