// The console-drawing thread: loads the console's server build and draws one page at a time. Each page's API
// calls go back to the event loop, which answers them in process as the page's caller (console-render-thread.ts).
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';
import type { ConsoleServerBuild, RenderPageInput, RenderPageOutput } from '@switchboard/sdk/console';

export interface RenderWorkerData {
  /** The console's server build (packages/web/dist-ssr/render-page.js). */
  entry: string;
}

/** What the page is drawn for: everything but the transport, which is this thread's relay to the event loop. */
export type RenderRequest = Omit<RenderPageInput, 'client'> & {
  userId: number;
  headers: Record<string, string>;
};

export type RenderResult = RenderPageOutput;

export type ToWorker =
  | { kind: 'render'; job: number; request: RenderRequest }
  | {
      kind: 'answer';
      call: number;
      status: number;
      headers: [string, string][];
      body: Uint8Array<ArrayBuffer> | null;
    }
  | { kind: 'failed'; call: number; error: string };

export type FromWorker =
  | { kind: 'done'; job: number; result: RenderResult }
  | { kind: 'error'; job: number; error: string }
  | {
      kind: 'fetch';
      job: number;
      call: number;
      url: string;
      method: string;
      headers: [string, string][];
      body?: string;
    };

const port = parentPort!;
const { entry } = workerData as RenderWorkerData;
let build: Promise<ConsoleServerBuild> | undefined;
let nextCall = 1;
const calls = new Map<number, { resolve: (res: Response) => void; reject: (err: Error) => void }>();
// One page at a time: the build sets i18next's language for the page it draws.
let queue: Promise<unknown> = Promise.resolve();

/** A fetch whose requests the event loop answers as the page's caller; only the URL's path and query count. */
function relayFetch(job: number): typeof fetch {
  return (input, init) => {
    const request = input instanceof Request ? input : undefined;
    const headers: [string, string][] = [];
    new Headers(request?.headers).forEach((v, k) => headers.push([k, v]));
    new Headers(init?.headers).forEach((v, k) => headers.push([k, v]));
    const body = typeof init?.body === 'string' ? init.body : undefined;
    const call = nextCall++;
    const method = init?.method ?? request?.method ?? 'GET';
    const url = request ? request.url : String(input);
    port.postMessage({
      kind: 'fetch',
      job,
      call,
      url,
      method,
      headers,
      ...(body === undefined ? {} : { body }),
    } satisfies FromWorker);
    return new Promise((resolve, reject) => calls.set(call, { resolve, reject }));
  };
}

async function render(job: number, request: RenderRequest): Promise<void> {
  try {
    build ??= (import(pathToFileURL(entry).href) as Promise<ConsoleServerBuild>).catch((err: unknown) => {
      // A build being replaced (a deploy) is loaded again by the next page.
      build = undefined;
      throw err;
    });
    const { headers, userId, ...page } = request;
    const result = await (
      await build
    ).renderPage({
      ...page,
      client: { fetch: relayFetch(job), userId, headers },
    });
    port.postMessage({ kind: 'done', job, result } satisfies FromWorker);
  } catch (err) {
    port.postMessage({
      kind: 'error',
      job,
      error: (err as Error)?.stack ?? String(err),
    } satisfies FromWorker);
  }
}

port.on('message', (msg: ToWorker) => {
  if (msg.kind === 'render') {
    const run = () => render(msg.job, msg.request);
    queue = queue.then(run, run);
    return;
  }
  const waiting = calls.get(msg.call);
  if (!waiting) return;
  calls.delete(msg.call);
  if (msg.kind === 'failed') waiting.reject(new TypeError(msg.error));
  else waiting.resolve(new Response(msg.body, { status: msg.status, headers: msg.headers }));
});
