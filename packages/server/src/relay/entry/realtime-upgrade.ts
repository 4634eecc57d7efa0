import type { IncomingMessage } from 'node:http';
import { ChannelStatus } from '@switchboard/sdk';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { answerOnSocket, type UpgradeTaker } from '../../http/front-door.js';
import { requestLang } from '../../http/language.js';
import { checkAccess } from '../callers/access.js';
import { audioPriceOf } from '../billing/audio-quota.js';
import type { AdmittedCaller } from '../core/caller.js';
import { clientIp, rawExchange } from '../core/exchange.js';
import { newRequestId } from '../../http/request-id.js';
import { relayError } from '../core/relay-error.js';
import { servesRealtime } from '../realtime/realtime-dial.js';
import { RealtimeSession } from '../realtime/realtime-session.js';
import type { RelayRuntime } from '../runtime.js';
import { keyOf } from './chat-routes.js';
import { sendExchangeError } from './send-error.js';

const PATH = '/v1/realtime';
const KEY_PROTOCOL = 'openai-insecure-api-key.';

/**
 * The key of a realtime client: browsers cannot set headers on a WebSocket, so OpenAI's clients send it as a
 * subprotocol (`realtime, openai-insecure-api-key.sk-…, openai-beta.realtime-v1`); others in `Authorization`.
 */
function realtimeKey(req: IncomingMessage): { key: string | undefined; bySubprotocol: boolean } {
  const offered = req.headers['sec-websocket-protocol'];
  const keyed = offered
    ?.split(',')
    .map((p) => p.trim())
    .find((p) => p.startsWith(KEY_PROTOCOL));
  if (keyed) return { key: `Bearer ${keyed.slice(KEY_PROTOCOL.length)}`, bySubprotocol: true };
  return { key: keyOf({ headers: req.headers, query: {} }), bySubprotocol: !!offered };
}

export interface RealtimeEntry {
  upgrade: UpgradeTaker;
  /** Sessions open now (`switchboard_realtime_sessions`). */
  open(): number;
  /** Ends every session (1001) and waits for their bills. */
  closeAll(): Promise<void>;
}

/**
 * `GET /v1/realtime?model=` (WebSocket): checked as any relay request before the connection is upgraded — the
 * key, the model's price and access, a channel able to serve it (OpenAI's or Azure's) — and refused with an
 * HTTP answer in OpenAI's error shape; then upgraded (answering the `realtime` subprotocol when offered) and
 * handed to a {@link RealtimeSession}.
 */
export function realtimeEntry(rt: RelayRuntime): RealtimeEntry {
  const { config } = rt.ctx;
  const sockets = new WebSocketServer({
    noServer: true,
    clientTracking: false,
    maxPayload: config.bodyLimit,
    handleProtocols: (offered) => (offered.has('realtime') ? 'realtime' : false),
  });
  const sessions = new Set<RealtimeSession>();

  const accept = async (req: IncomingMessage, socket: Duplex, head: Buffer, url: URL) => {
    const { key, bySubprotocol } = realtimeKey(req);
    const ip = clientIp(req, config.trustProxy);
    const who = rt.auth.authenticate(key, ip);
    const caller: AdmittedCaller = who instanceof Promise ? await who : who;
    const model = url.searchParams.get('model') ?? '';
    if (!model) throw relayError(400, 'relay.modelRequired', {}, 'invalid_request');
    const { group, price } = checkAccess(rt, { caller, request: { model, messages: [] } });
    rt.limits.admit(caller.user.id);
    await rt.channels.ready();
    const pinned = caller.pinnedChannel !== undefined ? rt.channels.get(caller.pinnedChannel) : undefined;
    if (caller.pinnedChannel !== undefined) {
      if (!pinned) throw relayError(400, 'relay.channelNotFound');
      if (pinned.status !== ChannelStatus.Enabled) throw relayError(403, 'relay.channelDisabled');
    }
    if (pinned ? !servesRealtime(pinned) : !rt.channels.pick(group, model, [], servesRealtime))
      throw relayError(503, 'relay.noAvailableChannel', { group, model }, 'model_not_found');
    // A session is one request in flight for the token's caps, from the handshake until its socket closes.
    const capped = rt.caps.admit(caller.token);
    if (capped) socket.once('close', typeof capped === 'function' ? capped : await capped);
    sockets.handleUpgrade(req, socket, head, (client) => {
      const session = new RealtimeSession(rt, client, {
        caller,
        ip,
        requestId: newRequestId(),
        lang: requestLang(req),
        group,
        model,
        price: audioPriceOf(price, model),
        ...(pinned ? { pinned } : {}),
        bySubprotocol,
        quotaPerUnit: rt.ctx.options.number('QuotaPerUnit') || 500_000,
        maxPayload: config.bodyLimit,
      });
      sessions.add(session);
      void session.finished.then(() => sessions.delete(session));
      void session.start();
    });
  };

  const upgrade: UpgradeTaker = (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://relay');
    if (req.method !== 'GET' || url.pathname.replace(/\/+$/, '') !== PATH) return false;
    // Node has let go of the socket: a client leaving during the checks must not be an unheard error.
    socket.on('error', () => socket.destroy());
    accept(req, socket, head, url).catch((err: unknown) =>
      // Refused before the upgrade: an HTTP answer, as new-api's middleware gives, then the socket closes.
      answerOnSocket(req, socket, (_req, res) =>
        sendExchangeError(rawExchange(req, res, {}, config.trustProxy), err),
      ),
    );
    return true;
  };

  return {
    upgrade,
    open: () => sessions.size,
    closeAll: async () => {
      await Promise.all([...sessions].map((s) => s.shutdown()));
    },
  };
}
