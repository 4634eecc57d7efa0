import type { FastifyInstance } from 'fastify';
import { isApiRequest } from './route-family.js';

/** Numeric filters new-api reads with Go's Atoi/ParseInt, where a failed parse means 0, i.e. "no filter". */
const NUMERIC_FILTERS = ['start_timestamp', 'end_timestamp', 'channel', 'channel_id', 'type'] as const;

/**
 * new-api's query tolerance (it reads every parameter with `c.Query`, where absent and empty are the same
 * string, and parses numbers ignoring errors): on `/api`, an empty parameter is not given (`channel=`,
 * `channel_id=`, `group=`), and a numeric filter that is not a number at all (`end_timestamp=NaN`, which the
 * 0.4.8 task page sends) is not given either. Numbers that merely fail a rule (negative, fractional, a start
 * after the end) still get their message, and paging parameters are left to the paging rules.
 */
export function normaliseQuery(query: Record<string, unknown>): void {
  for (const [key, value] of Object.entries(query)) {
    if (value === '') delete query[key];
  }
  for (const key of NUMERIC_FILTERS) {
    const value = query[key];
    if (typeof value === 'string' && Number.isNaN(Number(value.trim()))) delete query[key];
  }
}

export function registerQueryTolerance(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    if (!isApiRequest(req)) return;
    const query = req.query;
    if (query && typeof query === 'object') normaliseQuery(query as Record<string, unknown>);
  });
}
