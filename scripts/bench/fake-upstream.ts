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

const firstChunk = Buffer.from(chunk({ role: 'assistant', content: '' }));
const restChunks = Buffer.from(
  [
    chunk({ content: 'Hello!' }),
    chunk({ content: ' How can I' }),
    chunk({ content: ' help you today?' }),
    chunk({}, 'stop'),
  ].join(''),
);
const usageChunk = Buffer.from(chunk({}, null, true));
const done = Buffer.from('data: [DONE]\n\n');
const chatBytes = Buffer.from(chatJson);
const jsonHeaders = { 'content-type': 'application/json', 'content-length': chatBytes.length };
const streamHeaders = { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' };
const notFound = Buffer.from('{"error":{"message":"not found","type":"invalid_request_error"}}');

// Precomputed bytes and a substring test instead of parsing the body: the upstream must cost every path the
// same little, and must never be what limits the direct path.
const STREAM = /"stream"\s*:\s*true/;
const INCLUDE_USAGE = /"include_usage"\s*:\s*true/;

function handle(req: IncomingMessage, res: ServerResponse, raw: string): void {
  if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(notFound);
    return;
  }
  if (!STREAM.test(raw)) {
    res.writeHead(200, jsonHeaders);
    res.end(chatBytes);
    return;
  }
  res.writeHead(200, streamHeaders);
  res.write(firstChunk);
  setTimeout(() => {
    res.write(restChunks);
    if (INCLUDE_USAGE.test(raw)) res.write(usageChunk);
    res.end(done);
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
