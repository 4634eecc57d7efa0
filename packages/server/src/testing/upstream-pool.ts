import { EventEmitter } from 'node:events';
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Pool } from 'undici';

/** A cancellation signal as the chat pipeline passes one: an emitter that says `abort` when the client has gone. */
export class Gone extends EventEmitter {
  aborted = false;
  fire() {
    this.aborted = true;
    this.emit('abort');
  }
}

/** A local HTTP server answering with `handler`, and an undici pool to it, for the dispatch handlers' tests. */
export async function upstreamPool(
  handler: RequestListener,
): Promise<{ pool: Pool; close(): Promise<void> }> {
  const server = createServer(handler);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const pool = new Pool(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return {
    pool,
    async close() {
      await pool.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
