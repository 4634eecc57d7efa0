import { Role } from '@switchboard/sdk';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { sha256Hex } from '../crypto.js';
import { findSessionUserId, SESSION_COOKIE } from './session-lookup.js';
import { AppError, forbidden, unauthorized } from './errors.js';

export type AuthLevel = 'none' | 'optional' | 'user' | 'admin' | 'root';

/** The caller, read fresh from the database on every request so bans and role changes apply at once. */
export interface AuthUser {
  id: number;
  username: string;
  role: number;
  status: number;
  group: string;
  viaAccessToken: boolean;
  /** The client address (behind trusted proxies), for the audit trail. */
  ip: string;
  /**
   * The credential the request came with, for the audit trail: a prefix of the session id or of the access
   * token's hash (both are SHA-256 of the secret), so entries tell sessions apart without holding a secret.
   */
  credential: string;
}

/** Length of {@link AuthUser.credential}: 64 bits of the hash, plenty to tell one user's sessions apart. */
const CREDENTIAL_REF_LENGTH = 16;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route; `none` when absent. */
    auth?: AuthLevel;
  }
  interface FastifyRequest {
    user: AuthUser | null;
  }
}

const MIN_ROLE: Record<AuthLevel, number> = {
  none: 0,
  optional: 0,
  user: Role.Common,
  admin: Role.Admin,
  root: Role.Root,
};

/** The session secret from the signed cookie, if the signature holds. */
export function sessionSecretOf(req: FastifyRequest): string | undefined {
  const raw = req.cookies[SESSION_COOKIE];
  if (!raw) return undefined;
  const unsigned = req.unsignCookie(raw);
  return unsigned.valid && unsigned.value ? unsigned.value : undefined;
}

async function loadUser(
  ctx: AppContext,
  req: FastifyRequest,
  id: number,
  viaAccessToken: boolean,
  hash: string,
): Promise<AuthUser | undefined> {
  const row = await ctx.db
    .selectFrom('users')
    .select(['id', 'username', 'role', 'status', 'group'])
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row && { ...row, viaAccessToken, ip: req.ip, credential: hash.slice(0, CREDENTIAL_REF_LENGTH) };
}

async function identify(ctx: AppContext, req: FastifyRequest): Promise<AuthUser | undefined> {
  const secret = sessionSecretOf(req);
  if (secret) {
    const userId = await findSessionUserId(ctx.db, secret, ctx.now());
    if (userId !== undefined) return loadUser(ctx, req, userId, false, sha256Hex(secret));
  }
  const header = req.headers.authorization?.trim();
  if (!header) return undefined;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  const hash = sha256Hex(token);
  const row = token
    ? await ctx.db
        .selectFrom('users')
        .select('id')
        .where('access_token', '=', hash)
        .where('deleted_at', 'is', null)
        .executeTakeFirst()
    : undefined;
  if (!row) throw unauthorized('auth.accessTokenInvalid');
  return loadUser(ctx, req, row.id, true, hash);
}

/** new-api requires `New-Api-User: <id>` with either credential; it guards against cross-site requests. */
function checkUserHeader(req: FastifyRequest, user: AuthUser): void {
  const header = req.headers['new-api-user'];
  const value = Array.isArray(header) ? header[0] : header;
  if (value === undefined || value.trim() === '') throw unauthorized('auth.userIdHeaderMissing');
  if (!/^\d+$/.test(value.trim()) || Number(value) !== user.id)
    throw unauthorized('auth.userIdHeaderMismatch');
}

export async function authenticate(
  ctx: AppContext,
  req: FastifyRequest,
  level: AuthLevel,
): Promise<AuthUser | null> {
  if (level === 'none') return null;
  if (level === 'optional') {
    try {
      return (await identify(ctx, req)) ?? null;
    } catch {
      return null;
    }
  }
  const user = await identify(ctx, req);
  if (!user) throw unauthorized('auth.notLoggedIn');
  checkUserHeader(req, user);
  if (user.status !== 1) throw forbidden('auth.userBanned');
  if (user.role < MIN_ROLE[level]) throw forbidden('auth.insufficientPermissions');
  return user;
}

/** Runs before every handler whose route declares `config.auth`. */
export function registerAuth(app: FastifyInstance, ctx: AppContext): void {
  app.decorateRequest('user', null);
  app.addHook('preHandler', async (req: FastifyRequest, _reply: FastifyReply) => {
    const level = req.routeOptions.config?.auth ?? 'none';
    req.user = await authenticate(ctx, req, level);
  });
}

/** The authenticated caller of a route declared with auth user/admin/root. */
export function caller(req: FastifyRequest): AuthUser {
  if (!req.user) throw new AppError('internal', 'common.internalError');
  return req.user;
}
