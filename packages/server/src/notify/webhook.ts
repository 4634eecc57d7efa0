import { createHmac } from 'node:crypto';
import { getGlobalDispatcher, request, type Dispatcher } from 'undici';
import type { AppContext } from '../context.js';
import { PrivateAddressError, publicOnlyAgent } from '../net/public-agent.js';
import { isPublicHost } from '../net/public-address.js';

/** The JSON body new-api POSTs (service/webhook.go WebhookPayload); `values` is left out when empty. */
export interface WebhookPayload {
  type: string;
  title: string;
  content: string;
  values?: readonly (string | number)[];
  /** Unix seconds. */
  timestamp: number;
}

export interface WebhookTarget {
  url: string;
  /** Signs the body when set. */
  secret: string;
}

const TIMEOUT_MS = 10_000;

const dispatchers = new WeakMap<AppContext, Dispatcher>();
let publicAgent: Dispatcher | undefined;

/**
 * What webhooks connect through: public addresses only, checked on every connection, unless the operator set
 * `WEBHOOK_ALLOW_PRIVATE`. Tests install their own (a resolver playing DNS rebinding, say).
 */
export function webhookDispatcher(ctx: AppContext, replace?: Dispatcher): Dispatcher {
  if (replace) dispatchers.set(ctx, replace);
  const own = dispatchers.get(ctx);
  if (own) return own;
  if (ctx.config.webhookAllowPrivate) return getGlobalDispatcher();
  return (publicAgent ??= publicOnlyAgent());
}

/** Refuses a target that names a private address outright (no resolution: connections check names). */
function checkTarget(ctx: AppContext, url: string): void {
  if (ctx.config.webhookAllowPrivate) return;
  let host: string;
  try {
    host = new URL(url).hostname;
  } catch {
    throw new Error(`invalid webhook URL: ${url}`);
  }
  if (!isPublicHost(host)) throw new PrivateAddressError(host, host);
}

/** `hex(HMAC-SHA256(secret, body))` over the exact bytes sent: the `X-Webhook-Signature` header. */
export function webhookSignature(secret: string, body: string): string {
  return createHmac('sha256', secret).update(body).digest('hex');
}

/**
 * POSTs the payload to the user's webhook. With a secret the body is signed (`X-Webhook-Signature`). When the
 * `WorkerUrl` option is set the request goes through that worker instead, as new-api's DoWorkerRequest: the
 * worker gets `{url, key: WorkerValidKey, method, headers, body}` (the body embedded as JSON, byte for byte)
 * and adds `Authorization: Bearer <secret>` to the headers it forwards; only https targets go that way.
 * Throws on a network error, after 10 s, and on any status but 2xx (redirects are not followed). The user's URL
 * must lead to a public address (see {@link webhookDispatcher}); the worker, configured by the operator, may be
 * anywhere.
 */
export async function sendWebhook(
  ctx: AppContext,
  target: WebhookTarget,
  payload: WebhookPayload,
): Promise<void> {
  checkTarget(ctx, target.url);
  const body = JSON.stringify(payload);
  const headers: Record<string, string> = { 'Content-Type': 'application/json' };
  if (target.secret) headers['X-Webhook-Signature'] = webhookSignature(target.secret, body);
  const worker = ctx.options.get('WorkerUrl').trim();
  let url = target.url;
  let sent = body;
  if (worker) {
    if (!/^https:\/\//i.test(target.url)) throw new Error('only https webhooks can go through the worker');
    if (target.secret) headers.Authorization = `Bearer ${target.secret}`;
    url = worker.endsWith('/') ? worker : `${worker}/`;
    const envelope = { url: target.url, key: ctx.options.get('WorkerValidKey'), method: 'POST', headers };
    // Splice the body in rather than re-serialise it, so the signature matches what the worker forwards.
    sent = `${JSON.stringify(envelope).slice(0, -1)},"body":${body}}`;
  }
  const res = await request(url, {
    method: 'POST',
    headers: worker ? { 'Content-Type': 'application/json' } : headers,
    body: sent,
    dispatcher: worker ? getGlobalDispatcher() : webhookDispatcher(ctx),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  await res.body.dump();
  if (res.statusCode < 200 || res.statusCode >= 300) {
    throw new Error(`webhook request failed with status code: ${res.statusCode}`);
  }
}
