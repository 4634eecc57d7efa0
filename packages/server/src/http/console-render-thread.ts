import { Worker } from 'node:worker_threads';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {
  FromWorker,
  RenderRequest,
  RenderResult,
  RenderWorkerData,
  ToWorker,
} from './console-render-worker.js';
import { injectFetch } from './inject-fetch.js';

/** A page not drawn in this long means the thread is stuck or hopelessly behind: it is replaced. */
const JOB_TIMEOUT_MS = 10_000;
/** After the thread died or was ended, pages come undrawn for this long before a new one is started. */
const RESTART_AFTER_MS = 10_000;

interface Job {
  fetch: typeof fetch;
  resolve(result: RenderResult): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

/**
 * The console's server build on a thread of its own. A drawn page costs about 100 ms of JavaScript (React
 * drawing the screen three or four times); on the event loop every other request, the relay's included, waited
 * behind it. Here the event loop only answers the page's API calls, in process and as its caller (the thread
 * sends them back), and the drawing uses the other core.
 */
export class RenderThread {
  private worker: Worker | undefined;
  private nextJob = 1;
  private readonly jobs = new Map<number, Job>();
  private downUntil = 0;

  constructor(
    private readonly app: FastifyInstance,
    private readonly entry: string,
  ) {}

  /** Pages sent to the thread and not drawn yet, the one being drawn included. */
  get pending(): number {
    return this.jobs.size;
  }

  /** Draws a page for the caller of `req`; rejects when the thread is down, fails, or takes too long. */
  render(request: RenderRequest, req: FastifyRequest): Promise<RenderResult> {
    const worker = this.start();
    if (!worker) return Promise.reject(new Error('the console-drawing thread is restarting'));
    const id = this.nextJob++;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`console page not drawn within ${JOB_TIMEOUT_MS} ms`));
        this.jobs.delete(id);
        this.downUntil = Date.now() + RESTART_AFTER_MS;
        void this.stop(worker, 'stuck');
      }, JOB_TIMEOUT_MS);
      this.jobs.set(id, { fetch: injectFetch(this.app, req), resolve, reject, timer });
      worker.postMessage({ kind: 'render', job: id, request } satisfies ToWorker);
    });
  }

  async close(): Promise<void> {
    if (this.worker) await this.stop(this.worker, 'closed');
  }

  private start(): Worker | undefined {
    if (this.worker) return this.worker;
    if (Date.now() < this.downUntil) return undefined;
    let worker: Worker;
    try {
      worker = startWorker({ entry: this.entry });
    } catch {
      this.downUntil = Date.now() + RESTART_AFTER_MS;
      return undefined;
    }
    this.worker = worker;
    // Pages in flight keep their HTTP requests, and so the process, alive; an idle thread must not.
    worker.unref();
    worker.on('message', (msg: FromWorker) => this.receive(worker, msg));
    worker.on('error', (err) => this.app.log.error({ err }, 'console-drawing thread failed'));
    worker.on('exit', () => {
      if (this.worker !== worker) return;
      this.worker = undefined;
      this.downUntil = Date.now() + RESTART_AFTER_MS;
      this.failAll(new Error('the console-drawing thread stopped'));
    });
    return worker;
  }

  private async stop(worker: Worker, why: string): Promise<void> {
    if (this.worker !== worker) return;
    this.worker = undefined;
    this.failAll(new Error(`the console-drawing thread was ${why}`));
    await worker.terminate();
  }

  private failAll(err: Error): void {
    for (const job of this.jobs.values()) {
      clearTimeout(job.timer);
      job.reject(err);
    }
    this.jobs.clear();
  }

  private receive(worker: Worker, msg: FromWorker): void {
    if (msg.kind === 'fetch') {
      void this.answer(worker, msg);
      return;
    }
    const job = this.jobs.get(msg.job);
    if (!job) return;
    this.jobs.delete(msg.job);
    clearTimeout(job.timer);
    if (msg.kind === 'done') job.resolve(msg.result);
    else job.reject(new Error(msg.error));
  }

  /** One API call of a page, answered in process as the page's caller; none once the page is done. */
  private async answer(worker: Worker, msg: Extract<FromWorker, { kind: 'fetch' }>): Promise<void> {
    const job = this.jobs.get(msg.job);
    try {
      if (!job) throw new Error('the page is no longer being drawn');
      const res = await job.fetch(msg.url, {
        method: msg.method,
        headers: msg.headers,
        ...(msg.body === undefined ? {} : { body: msg.body }),
      });
      const body = res.body ? new Uint8Array(await res.arrayBuffer()) : null;
      const reply: ToWorker = {
        kind: 'answer',
        call: msg.call,
        status: res.status,
        headers: [...res.headers],
        body,
      };
      worker.postMessage(reply, body ? [body.buffer] : []);
    } catch (err) {
      worker.postMessage({
        kind: 'failed',
        call: msg.call,
        error: (err as Error).message,
      } satisfies ToWorker);
    }
  }
}

/** The worker file beside this module: run through tsx from the sources, built as its own entry in the bundle. */
function startWorker(workerData: RenderWorkerData): Worker {
  // A page needs a few MB; a build that leaks ends its own thread (its pages come undrawn), not the process.
  const options = { workerData, resourceLimits: { maxOldGenerationSizeMb: 256 } };
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./console-render-worker.js', import.meta.url), options);
  // Node 20 does not pass the parent's loader to a worker: tsx registers itself there first.
  const tsx = import.meta.resolve('tsx/esm/api');
  const entry = new URL('./console-render-worker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { ...options, eval: true });
}
