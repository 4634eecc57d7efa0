import type { ListPaging } from '../core/pagination.js';

const unpaged: ListPaging = { firstP: null, legacySize: 'sent', legacyShape: 'array' };
const pagedObject: ListPaging = { firstP: 1, legacySize: 'sent', legacyShape: 'object' };
const fixedTen: ListPaging = { firstP: 0, legacySize: 10, legacyShape: 'array' };

/**
 * How new-api 0.4.8 pages each list endpoint (contract §2.2), in one place.
 * Route tables point at these rows; `Page` reads them to number `p` and to decide
 * whether a bare-array answer may have a next page. Keep in sync with the contract table.
 */
export const LIST_PAGING = {
  /** `GET /api/channel/`: `p` 0-based, `page_size` as sent, bare array. */
  channels: { firstP: 0, legacySize: 'sent', legacyShape: 'array' },
  /** `GET /api/channel/search`: unpaged bare array. */
  channelSearch: unpaged,
  /** `GET /api/token/`: `p` 0-based, `size` capped at 100, bare array. */
  tokens: { firstP: 0, legacySize: 'sent', legacyMaxSize: 100, legacyShape: 'array' },
  /** `GET /api/token/search`: unpaged bare array. */
  tokenSearch: unpaged,
  /** `GET /api/user/`: `p` 1-based, paged object. */
  users: pagedObject,
  /** `GET /api/user/search`: `p` 1-based, paged object. */
  userSearch: pagedObject,
  /** `GET /api/redemption/`: `p` 1-based (0 acts as 1), paged object. */
  redemptions: pagedObject,
  /** `GET /api/redemption/search`: `p` 1-based, paged object. */
  redemptionSearch: pagedObject,
  /** `GET /api/log/`: `p` 1-based, paged object. */
  logs: pagedObject,
  /** `GET /api/log/self`: `p` 1-based, `page_size` capped at 100, paged object. */
  logsSelf: { ...pagedObject, legacyMaxSize: 100 },
  /** `GET /api/log/search` and `/api/log/self/search`: unpaged bare array (at most 100). */
  logSearch: unpaged,
  /** `GET /api/log/token?key=`: every log of one token, unpaged bare array. */
  tokenLogs: unpaged,
  /** `GET /api/data/` and `/api/data/self`: unpaged bare array, filtered by time window. */
  usage: unpaged,
  /** `GET /api/user/topup/self` (a later new-api route): `p` 1-based, paged object. */
  topUps: pagedObject,
  /** `GET /api/audit` (Switchboard's): `p` 1-based, paged object. */
  audit: pagedObject,
  /** `GET /api/mj/` and `/api/mj/self`: `p` 0-based, fixed 10 per page, bare array. */
  drawings: fixedTen,
  /** `GET /api/task/` and `/api/task/self`: `p` 0-based, fixed 10 per page, bare array. */
  tasks: fixedTen,
} as const satisfies Record<string, ListPaging>;
