import { z } from 'zod';
import { envelopeSchema } from './common.js';
import { SessionUserSchema } from './user.js';

// Small answer shapes shared by several routes; entity schemas live in their group's file.

/** How many rows a batch call changed (`data` of delete-many, set-tag, fix, clear-logs). */
export const CountSchema = z.number();

/** A list of model or group names; new-api sends `null` for none. */
export const NameListSchema = z.array(z.string()).nullable();

/** A text answer (notice, about, home page content); `null` when unset. */
export const TextSchema = z.string().nullable();

/** A plain string answer: a state, an invitation code, an access token, a new password. */
export const StringSchema = z.string();

/** `POST /api/token/:id/key` and `/api/channel/:id/key`: the full secret, shown once on request. */
export const RevealedKeySchema = z.object({
  /** The full key: `sk-…` for tokens, the upstream credential for channels. */
  key: z.string(),
});
/** A revealed key. */
export type RevealedKey = z.output<typeof RevealedKeySchema>;

/**
 * The body of the OAuth login callbacks (not unwrapped): `data` is the logged-in user, or absent with
 * `message: "bind"` when the provider account was bound to the existing session.
 */
export const OAuthLoginResponseSchema = envelopeSchema(SessionUserSchema);
