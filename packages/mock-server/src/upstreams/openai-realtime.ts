/**
 * A fake OpenAI realtime server (the beta protocol, `OpenAI-Beta: realtime=v1`, as new-api relays it): a
 * WebSocket at `/v1/realtime?model=` (and Azure's `/openai/realtime?deployment=&api-version=`) that speaks the
 * real event protocol — session.created, session.update, conversation.item.create, input_audio_buffer.*,
 * response.create and response.cancel, then response.created, the text or audio deltas and response.done with
 * usage. Tokens are countable: a text token per word, an audio token per 100 ms of pcm16 in and per 50 ms out.
 * Reply length, pace and a connection cut mid-response follow the shared reply script (script.ts).
 */
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer, type WebSocket } from 'ws';
import { errorBody, REPLY_WORDS } from './openai-responses.js';
import { respond, type Conversation } from './openai-realtime-response.js';

type Json = Record<string, unknown>;

/** One session as the fake saw it. */
export interface FakeRealtimeSession {
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** The subprotocol the fake answered with ('' when none was offered). */
  protocol: string;
  /** Every client event received, parsed (or the raw text when it was not JSON). */
  events: unknown[];
  /** The close code the fake saw (1005 when none), once the session is over. */
  closed: Promise<number>;
}

export interface RealtimeUpstream {
  /** `http://127.0.0.1:<port>`: a channel's base URL. */
  url: string;
  sessions: FakeRealtimeSession[];
  reset(): void;
  close(): Promise<void>;
}

/** `sk-…` key from any of the ways OpenAI and Azure take one. */
function keyOf(h: IncomingHttpHeaders): string | undefined {
  const bearer = /^Bearer (.+)$/.exec(String(h.authorization ?? ''))?.[1];
  const offered = String(h['sec-websocket-protocol'] ?? '')
    .split(',')
    .map((p) => p.trim())
    .find((p) => p.startsWith('openai-insecure-api-key.'));
  return bearer ?? (h['api-key'] as string | undefined) ?? offered?.slice('openai-insecure-api-key.'.length);
}

/** The model a handshake asks for, or the refusal it gets (status and OpenAI's error body). */
function handshake(url: URL, h: IncomingHttpHeaders): { model: string } | { status: number; body: unknown } {
  const model =
    url.pathname === '/v1/realtime'
      ? url.searchParams.get('model')
      : url.pathname === '/openai/realtime' && url.searchParams.get('api-version')
        ? url.searchParams.get('deployment')
        : null;
  if (model === null) return { status: 404, body: errorBody(404, `Unknown path ${url.pathname}`) };
  if (!keyOf(h)) return { status: 401, body: errorBody(401, "You didn't provide an API key.") };
  const fail = /^fail-(\d{3})$/.exec(model ?? '')?.[1];
  if (fail) return { status: Number(fail), body: errorBody(Number(fail)) };
  return { model: model ?? '' };
}

const invalid = (message: string, eventId: unknown = null) => ({
  type: 'error',
  event_id: `event_err${Date.now()}`,
  error: { type: 'invalid_request_error', code: 'invalid_value', message, param: null, event_id: eventId },
});

export async function startRealtimeUpstream(): Promise<RealtimeUpstream> {
  const sessions: FakeRealtimeSession[] = [];
  const sockets = new Set<WebSocket>();
  const wss = new WebSocketServer({
    noServer: true,
    handleProtocols: (offered) => (offered.has('realtime') ? 'realtime' : false),
  });
  const server = createServer((_req, res) => {
    res.writeHead(426, { 'content-type': 'application/json' });
    res.end(JSON.stringify(errorBody(400, 'This endpoint takes WebSocket connections only.')));
  });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://mock');
    const shake = handshake(url, req.headers);
    if ('status' in shake) {
      const text = JSON.stringify(shake.body);
      socket.end(
        `HTTP/1.1 ${shake.status} Refused\r\ncontent-type: application/json\r\ncontent-length: ${Buffer.byteLength(text)}\r\nconnection: close\r\n\r\n${text}`,
      );
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws);
      const seen: FakeRealtimeSession = {
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        protocol: ws.protocol,
        events: [],
        closed: new Promise((resolve) => ws.once('close', (code) => resolve(code))),
      };
      sessions.push(seen);
      ws.once('close', () => sockets.delete(ws));
      serve(ws, shake.model, seen);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    sessions,
    reset: () => void (sessions.length = 0),
    close: async () => {
      for (const ws of sockets) ws.terminate();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** One session: the protocol's events in answer to the client's. */
function serve(ws: WebSocket, model: string, seen: FakeRealtimeSession): void {
  let n = 0;
  const id = (prefix: string) => `${prefix}_mock${String(++n).padStart(4, '0')}`;
  const send = (event: Json) =>
    ws.readyState === ws.OPEN && ws.send(JSON.stringify({ event_id: id('event'), ...event }));
  const session: Json = {
    id: id('sess'),
    object: 'realtime.session',
    model,
    modalities: ['text', 'audio'],
    instructions: '',
    voice: 'alloy',
    input_audio_format: 'pcm16',
    output_audio_format: 'pcm16',
    input_audio_transcription: null,
    turn_detection: null,
    tools: [],
    tool_choice: 'auto',
    temperature: 0.8,
    max_response_output_tokens: 'inf',
  };
  const conversation: Conversation = { items: [], audioBytes: 0, responding: undefined };
  send({ type: 'session.created', session });
  ws.on('message', (data, isBinary) => {
    const text = (data as Buffer).toString('utf8');
    let event: Json;
    try {
      event = JSON.parse(text) as Json;
    } catch {
      seen.events.push(text);
      return send(
        invalid(
          "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly.)",
        ),
      );
    }
    seen.events.push(event);
    if (isBinary) return send(invalid('Binary frames are not supported.'));
    switch (event.type) {
      case 'session.update':
        Object.assign(session, event.session ?? {});
        return send({ type: 'session.updated', session });
      case 'conversation.item.create': {
        const item = {
          id: id('item'),
          object: 'realtime.item',
          status: 'completed',
          ...(event.item as Json),
        };
        conversation.items.push(item);
        return send({ type: 'conversation.item.created', previous_item_id: null, item });
      }
      case 'input_audio_buffer.append':
        conversation.audioBytes += Buffer.from(String(event.audio ?? ''), 'base64').length;
        return;
      case 'input_audio_buffer.commit': {
        const item = {
          id: id('item'),
          object: 'realtime.item',
          type: 'message',
          role: 'user',
          status: 'completed',
          content: [{ type: 'input_audio', transcript: null }],
          audioBytes: conversation.audioBytes,
        };
        conversation.audioBytes = 0;
        conversation.items.push(item);
        send({ type: 'input_audio_buffer.committed', previous_item_id: null, item_id: item.id });
        return send({ type: 'conversation.item.created', previous_item_id: null, item });
      }
      case 'response.create':
        return void respond(ws, send, id, session, conversation, (event.response ?? {}) as Json);
      case 'response.cancel':
        conversation.responding?.abort();
        return;
      default:
        return send(
          invalid(
            `Invalid value: '${String(event.type)}'. Supported values are: 'session.update', ...`,
            event.event_id ?? null,
          ),
        );
    }
  });
}

export { REPLY_WORDS };
