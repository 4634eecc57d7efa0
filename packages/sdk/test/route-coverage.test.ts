import { describe, expect, it } from 'vitest';
import { SDK_ROUTES } from '../src/resources/routes.js';

/**
 * Spec §7 "Calls made", transcribed call by call (method and path; `{id}` kept as written, and only
 * the query that selects a different call, like `status_only=true`). `GET /api/oauth/{type}` is
 * listed once per provider.
 */
const SPEC_CALLS = `
GET /api/status
POST /api/user/
GET /api/user/{id}
GET /api/user/self
PUT /api/user/
PUT /api/user/self
DELETE /api/user/self
GET /api/user/
GET /api/user/search
POST /api/user/manage
GET /api/group/
POST /api/user/register
POST /api/user/login
GET /api/user/logout
GET /api/verification
GET /api/reset_password
POST /api/user/reset
GET /api/oauth/state
GET /api/oauth/github
GET /api/oauth/linuxdo
GET /api/oauth/wechat
GET /api/oauth/wechat/bind
GET /api/oauth/email/bind
GET /api/oauth/telegram/login
GET /api/oauth/telegram/bind
GET /api/user/token
GET /api/user/aff
POST /api/user/aff_transfer
GET /api/user/models
GET /api/user/self/groups
PUT /api/user/setting
GET /api/option/
PUT /api/option/
POST /api/option/rest_model_ratio
DELETE /api/log/
GET /api/models
GET /api/channel/models_enabled
GET /api/channel/models
GET /api/channel/{id}
GET /api/channel/fetch_models/{id}
POST /api/channel/fetch_models
POST /api/channel/
PUT /api/channel/
GET /api/channel/
GET /api/channel/search
DELETE /api/channel/{id}/
POST /api/channel/tag/enabled
POST /api/channel/tag/disabled
PUT /api/channel/tag
GET /api/channel/test/{id}
GET /api/channel/update_balance/{id}/
GET /api/channel/test
GET /api/channel/update_balance
DELETE /api/channel/disabled
POST /api/channel/batch
POST /api/channel/fix
POST /api/channel/batch/tag
GET /api/token/{id}
POST /api/token/
PUT /api/token/
PUT /api/token/?status_only=true
GET /api/token/
GET /api/token/search
DELETE /api/token/{id}/
GET /api/redemption/{id}
POST /api/redemption/
PUT /api/redemption/
PUT /api/redemption/?status_only=true
GET /api/redemption/
GET /api/redemption/search
DELETE /api/redemption/{id}/
POST /api/user/topup
POST /api/user/pay
POST /api/user/amount
GET /api/log/
GET /api/log/self/
GET /api/log/stat
GET /api/log/self/stat
GET /api/mj/
GET /api/mj/self/
GET /api/task/
GET /api/task/self
GET /api/pricing
POST /pg/chat/completions
`;

/**
 * Contract §3 management routes of v0.4.8.9.6 that a client calls (not `GET /api/user/epay/notify`,
 * which the payment provider calls), beyond those already in spec §7.
 */
const CONTRACT_EXTRA_CALLS = `
GET /api/status/test
GET /api/notice
GET /api/about
GET /api/home_page_content
GET /api/user/groups
DELETE /api/user/{id}
GET /api/log/search
GET /api/log/self/search
GET /api/log/token
GET /api/data/
GET /api/data/self
`;

function parse(list: string): string[] {
  return list
    .trim()
    .split('\n')
    .map((line) => line.trim());
}

// new-api registers `/api/channel/:id` and `/api/log/self`; the console adds a trailing slash that gin
// redirects, so the comparison ignores a trailing slash and the spelling of path parameters.
function normalise(call: string): string {
  const [method, target = ''] = call.split(' ');
  const [path = '', query] = target.split('?');
  const clean = path.replace(/\{(\w+)\}/g, ':$1').replace(/(.)\/$/, '$1');
  return `${method} ${clean}${query ? `?${query}` : ''}`;
}

const SDK_KEYS = new Set(SDK_ROUTES.map((route) => normalise(route.key)));

describe('route coverage', () => {
  it.each(parse(SPEC_CALLS))('spec §7: %s has an SDK method', (call) => {
    expect(SDK_KEYS).toContain(normalise(call));
  });

  it.each(parse(CONTRACT_EXTRA_CALLS))('contract §3: %s has an SDK method', (call) => {
    expect(SDK_KEYS).toContain(normalise(call));
  });

  it('declares canonical collection paths with their trailing slash', () => {
    const collections = [
      '/api/user/',
      '/api/channel/',
      '/api/token/',
      '/api/redemption/',
      '/api/log/',
      '/api/option/',
      '/api/group/',
    ];
    const paths = new Set(SDK_ROUTES.map((route) => route.path));
    for (const path of collections) expect(paths).toContain(path);
    for (const path of collections) expect(paths).not.toContain(path.slice(0, -1));
  });

  it('gives every route a summary and an auth level', () => {
    for (const route of SDK_ROUTES) {
      expect(route.summary.length, route.sdkMethod).toBeGreaterThan(5);
      expect(['none', 'user', 'admin', 'root']).toContain(route.auth);
    }
  });
});
