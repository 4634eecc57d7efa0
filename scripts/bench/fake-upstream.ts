// The benchmark's upstream, run as its own process: a fixed, tiny OpenAI chat answer, so the upstream is
// never the bottleneck and every path of the benchmark talks to exactly the same thing.
// Prints `listening <port>` on stdout once ready; PORT=0 picks a free port.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** Pause between the first SSE chunk and the rest, so a relay that buffers the stream shows up in TTFT. */
const STREAM_GAP_MS = Number(process.env.STREAM_GAP_MS ?? 2);
const MODEL = 'gpt-4o-mini';
const usage = { prompt_tokens: 12, completion_tokens: 9, total_tokens: 21 };

// Built once: the JSON answer only differs per request in nothing that matters to a relay.
const chatJson = JSON.stringify({
  id: 'chatcmpl-bench',
  object: 'chat.completion',
  created: 1_700_000_000,
  model: MODEL,
  choices: [
    {
      index: 0,
      message: { role: 'assistant', content: 'Hello! How can I help you today?' },
      logprobs: null,
      finish_reason: 'stop',
    },
  ],
  usage,
  system_fingerprint: 'fp_bench',
});

const chunk = (delta: object, finish: string | null = null, withUsage = false) =>
  `data: ${JSON.stringify({
    id: 'chatcmpl-bench',
    object: 'chat.completion.chunk',
    created: 1_700_000_000,
    model: MODEL,
    choices: withUsage ? [] : [{ index: 0, delta, logprobs: null, finish_reason: finish }],
    ...(withUsage ? { usage } : {}),
  })}\n\n`;

const firstChunk = chunk({ role: 'assistant', content: '' });
const restChunks = [
  chunk({ content: 'Hello!' }),
  chunk({ content: ' How can I' }),
  chunk({ content: ' help you today?' }),
  chunk({}, 'stop'),
].join('');
const usageChunk = chunk({}, null, true);

function handle(req: IncomingMessage, res: ServerResponse, raw: string): void {
  if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end('{"error":{"message":"not found","type":"invalid_request_error"}}');
    return;
  }
  let body: { stream?: boolean; stream_options?: { include_usage?: boolean } } = {};
  try {
    body = JSON.parse(raw) as typeof body;
  } catch {
    // A malformed body still gets the JSON answer: this upstream measures relays, not validation.
  }
  if (!body.stream) {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(chatJson) });
    res.end(chatJson);
    return;
  }
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  res.write(firstChunk);
  setTimeout(() => {
    res.write(restChunks);
    if (body.stream_options?.include_usage) res.write(usageChunk);
    res.end('data: [DONE]\n\n');
  }, STREAM_GAP_MS);
}

const server = createServer({ keepAliveTimeout: 60_000 }, (req, res) => {
  const parts: Buffer[] = [];
  req.on('data', (part: Buffer) => parts.push(part));
  req.on('end', () => handle(req, res, Buffer.concat(parts).toString('utf8')));
});
server.listen(Number(process.env.PORT ?? 0), '127.0.0.1', () => {
  console.log(`listening ${(server.address() as AddressInfo).port}`);
});
process.on('SIGTERM', () => process.exit(0));
