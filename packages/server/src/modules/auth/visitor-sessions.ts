import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { randomSuffix } from '@switchboard/sdk';
import type { AppContext } from '../../context.js';
import { sha256Hex } from '../../crypto.js';
import { cookieAttributes } from '../../http/cookies.js';
import { SESSION_TTL_S } from './sessions.js';

/**
 * The cookie of a browser's pre-login state. new-api keeps `oauth_state`, `aff` and `turnstile` in its one
 * cookie session; here they live in `visitor_sessions`, keyed by this cookie's secret, so a state is used once
 * and works on every node, and the login session cookie stays what it is.
 */
export const VISITOR_COOKIE = 'visitor';
/** How long an OAuth state waits for the provider's callback. */
export const OAUTH_STATE_TTL_S = 10 * 60;
/** new-api's state length. */
const STATE_LENGTH = 12;

function secretOf(req: FastifyRequest): string | undefined {
  const raw = req.cookies[VISITOR_COOKIE];
  if (!raw) return undefined;
  const unsigned = req.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : undefined;
}

/** Rows started during a request, whose cookie the request itself does not carry yet. */
const startedBy = new WeakMap<FastifyRequest, string>();

/** The caller's live visitor row id, if it has one. */
async function currentId(ctx: AppContext, req: FastifyRequest): Promise<string | undefined> {
  const started = startedBy.get(req);
  if (started) return started;
  const secret = secretOf(req);
  if (!secret) return undefined;
  const id = sha256Hex(secret);
  const row = await ctx.db
    .selectFrom('visitor_sessions')
    .select('id')
    .where('id', '=', id)
    .where('expires_at', '>', ctx.now())
    .executeTakeFirst();
  return row?.id;
}

/** The caller's visitor row, created (with its cookie) when it has none. */
async function ensureId(ctx: AppContext, req: FastifyRequest, reply: FastifyReply): Promise<string> {
  const known = await currentId(ctx, req);
  if (known) return known;
  const now = ctx.now();
  // Rows of browsers that never came back: cleared whenever a new one starts (indexed by expiry).
  await ctx.db.deleteFrom('visitor_sessions').where('expires_at', '<=', now).execute();
  const secret = randomBytes(32).toString('base64url');
  const id = sha256Hex(secret);
  await ctx.db
    .insertInto('visitor_sessions')
    .values({ id, expires_at: now + SESSION_TTL_S })
    .execute();
  reply.setCookie(VISITOR_COOKIE, secret, {
    ...cookieAttributes(ctx, req),
    signed: true,
    maxAge: SESSION_TTL_S,
  });
  startedBy.set(req, id);
  return id;
}

/**
 * `GET /api/oauth/state`: a fresh 12-character state for this browser, replacing any pending one. A given
 * invitation code is remembered for a registration the callback may make; without one the last stays.
 */
export async function issueOAuthState(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
  aff: string | undefined,
): Promise<string> {
  const id = await ensureId(ctx, req, reply);
  const state = randomSuffix(STATE_LENGTH);
  await ctx.db
    .updateTable('visitor_sessions')
    .set({
      oauth_state: state,
      oauth_state_expires_at: ctx.now() + OAUTH_STATE_TTL_S,
      ...(aff ? { aff: aff.slice(0, 32) } : {}),
    })
    .where('id', '=', id)
    .execute();
  return state;
}

/**
 * Uses up `state` if it is this browser's pending, unexpired state, answering the invitation code stored with
 * it; undefined otherwise. One conditional update decides, so two callbacks racing with one state cannot both
 * pass.
 */
export async function consumeOAuthState(
  ctx: AppContext,
  req: FastifyRequest,
  state: string,
): Promise<{ aff: string } | undefined> {
  const secret = secretOf(req);
  if (!secret || !state) return undefined;
  const id = sha256Hex(secret);
  const now = ctx.now();
  const row = await ctx.db
    .selectFrom('visitor_sessions')
    .select('aff')
    .where('id', '=', id)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return undefined;
  const used = await ctx.db
    .updateTable('visitor_sessions')
    .set({ oauth_state: '', oauth_state_expires_at: 0 })
    .where('id', '=', id)
    .where('oauth_state', '=', state)
    .where('oauth_state_expires_at', '>', now)
    .executeTakeFirst();
  return Number(used.numUpdatedRows) === 1 ? { aff: row.aff } : undefined;
}

/** Whether this browser already passed Turnstile (new-api: the session's `turnstile` key). */
export async function turnstilePassed(ctx: AppContext, req: FastifyRequest): Promise<boolean> {
  const secret = secretOf(req);
  if (!secret) return false;
  const row = await ctx.db
    .selectFrom('visitor_sessions')
    .select('turnstile_at')
    .where('id', '=', sha256Hex(secret))
    .where('expires_at', '>', ctx.now())
    .executeTakeFirst();
  return Number(row?.turnstile_at ?? 0) > 0;
}

/** Remembers that this browser passed Turnstile. */
export async function rememberTurnstile(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const id = await ensureId(ctx, req, reply);
  await ctx.db
    .updateTable('visitor_sessions')
    .set({ turnstile_at: ctx.now() })
    .where('id', '=', id)
    .execute();
}

/** Logout clears the whole session in new-api, the Turnstile pass and a pending state included. */
export async function forgetVisitor(
  ctx: AppContext,
  req: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const secret = secretOf(req);
  if (secret) await ctx.db.deleteFrom('visitor_sessions').where('id', '=', sha256Hex(secret)).execute();
  if (req.cookies[VISITOR_COOKIE] !== undefined)
    reply.clearCookie(VISITOR_COOKIE, cookieAttributes(ctx, req));
}
