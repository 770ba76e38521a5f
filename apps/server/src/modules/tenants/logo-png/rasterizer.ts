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
    const id = nextId++;
    return new Promise<LogoPng>((resolve, reject) => {
      w.ref();
      const done = () => {
        w.unref();
        clearTimeout(timer);
        w.off('message', onMessage);
        w.off('error', onError);
        w.off('exit', onExit);
      };
      const onMessage = (answer: RenderAnswer) => {
        if (answer.id !== id) return;
        done();
        if ('error' in answer) reject(new LogoNotRenderable(`the logo could not be drawn: ${answer.error}`));
        else resolve({ png: Buffer.from(answer.png), width: answer.width, height: answer.height });
      };
      const onError = (error: Error) => {
        done();
        void stop();
        reject(new LogoNotRenderable(`the logo could not be drawn: ${error.message}`));
      };
      const onExit = () => {
        done();
        if (worker === w) {
          worker = undefined;
          ready = undefined;
        }
        reject(new LogoNotRenderable('the logo could not be drawn: the renderer stopped'));
      };
      const timer = setTimeout(() => {
        done();
        void stop();
        reject(new LogoNotRenderable(`the logo could not be drawn within ${timeoutMs} ms`));
      }, timeoutMs);
      w.on('message', onMessage);
      w.once('error', onError);
      w.once('exit', onExit);
      w.postMessage({ id, svg });
    });
  };

  return {
    render(body) {
      if (body.byteLength > EMAIL_LOGO.maxSvgBytes)
        return Promise.reject(
          new LogoNotRenderable(
            `the logo is ${body.byteLength} bytes; at most ${EMAIL_LOGO.maxSvgBytes} are drawn`,
          ),
        );
      const svg = new TextDecoder('utf-8', { fatal: false }).decode(body);
      const problems = [
        ...svgProblems(svg),
        ...(/<!DOCTYPE[^>]*\[/i.test(svg) ? ['must not contain a DOCTYPE with declarations'] : []),
      ];
      if (problems.length > 0)
        return Promise.reject(new LogoNotRenderable(`the logo is refused: it ${problems.join(', ')}`));
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
