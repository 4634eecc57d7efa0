import { randomBytes } from 'node:crypto';
import { historyRows } from './newapi-history-rows.js';
import { ALNUM, prng, type Row } from './newapi-row-kit.js';

export interface NewApiRows {
  tables: Record<string, Row[]>;
  /** Users who can log in, with their password; the first is root. */
  logins: { id: number; username: string; password: string }[];
  /** A live user's live, unlimited `sk-` key (without `sk-`), and their plaintext access token. */
  relayKey: string;
  accessToken: { userId: number; token: string };
  /** A soft-deleted user and token, which must stay deleted. */
  deleted: { username: string; password: string; key: string };
  channelKeys: Record<number, string>;
}

export interface Hashes {
  /** bcrypt of each password, as Go's golang.org/x/crypto/bcrypt writes it ($2a$, cost 10). */
  [password: string]: string;
}

/**
 * A few thousand rows of every new-api table: 2,000 users (every 10th with an access token, every 50th
 * soft-deleted), 3,000 tokens, 20 channels on `upstream` with their abilities, options, 500 redemption codes,
 * 3,000 logs, 100 Midjourney and 100 task rows, 200 top-ups and 300 quota_data rows.
 */
export function newApiRows(upstream: string, hashes: Hashes): NewApiRows {
  const rand = prng(48);
  const int = (n: number) => Math.floor(rand() * n);
  const str = (n: number, chars = ALNUM) =>
    Array.from({ length: n }, () => chars[int(chars.length)]).join('');
  const time = 1_714_000_000;
  const deletedAt = new Date('2024-05-01T10:00:00.123Z');
  const users: Row[] = [];
  for (let id = 1; id <= 2000; id++) {
    const root = id === 1;
    users.push({
      id,
      username: root ? 'root' : `user${id}`,
      password: root ? hashes['123456']! : hashes['password123']!,
      display_name: root ? 'Root User' : `User ${id}`,
      role: root ? 100 : id % 97 === 0 ? 10 : 1,
      status: id % 41 === 0 ? 2 : 1,
      email: id % 3 === 0 ? `user${id}@example.com` : '',
      github_id: '',
      wechat_id: '',
      telegram_id: '',
      access_token: id % 10 === 0 ? randomBytes(16).toString('hex') : null,
      quota: root ? 100_000_000 : int(50_000_000),
      used_quota: int(10_000_000),
      request_count: int(5000),
      group: id % 7 === 0 ? 'vip' : 'default',
      aff_code: root ? '' : str(4) + id,
      aff_count: 0,
      aff_quota: int(1000),
      aff_history: int(1000),
      inviter_id: id > 10 && id % 13 === 0 ? 2 : 0,
      deleted_at: id % 50 === 0 ? deletedAt : null,
      linux_do_id: '',
      setting: id % 4 === 0 ? '{"notify_type":"email","quota_warning_threshold":1000}' : null,
    });
  }
  const live = (u: Row) => u.deleted_at === null && u.status === 1;
  const tokens: Row[] = [];
  for (let id = 1; id <= 3000; id++) {
    const user = users[int(users.length)]!;
    tokens.push({
      id,
      user_id: user.id as number,
      key: str(48),
      status: id % 31 === 0 ? 2 : 1,
      name: `token ${id}`,
      created_time: time + id,
      accessed_time: time + id * 2,
      expired_time: id % 9 === 0 ? time + 86_400 * 3650 : -1,
      remain_quota: int(5_000_000),
      unlimited_quota: id % 3 === 0,
      model_limits_enabled: false,
      model_limits: '',
      allow_ips: id % 11 === 0 ? null : '',
      used_quota: int(1_000_000),
      group: '',
      deleted_at: id % 100 === 0 ? deletedAt : null,
    });
  }
  // The relay's key: a live, unlimited token of a live user with quota.
  const owner = users.find((u, i) => i > 0 && live(u) && (u.group as string) === 'default')!;
  owner.quota = 40_000_000;
  tokens[0] = {
    ...tokens[0]!,
    user_id: owner.id as number,
    status: 1,
    unlimited_quota: true,
    deleted_at: null,
    expired_time: -1,
  };
  const gone = users.find((u) => u.deleted_at !== null)!;
  tokens[99] = { ...tokens[99]!, user_id: gone.id as number };

  const channels: Row[] = [];
  const abilities: Row[] = [];
  const channelKeys: Record<number, string> = {};
  for (let id = 1; id <= 20; id++) {
    // Every fifth is a Vertex AI channel, whose key is a service account's JSON over several lines.
    const vertex = id % 5 === 0;
    const key = vertex
      ? JSON.stringify({ type: 'service_account', project_id: `p${id}`, private_key: str(40) }, null, 2)
      : `sk-upstream-${id}-${str(24)}`;
    const models = vertex ? ['gemini-1.5-pro'] : ['gpt-4o-mini', 'gpt-4o'];
    channelKeys[id] = key;
    const group = id % 4 === 0 ? 'vip' : 'default,vip';
    channels.push({
      id,
      type: vertex ? 41 : 1,
      key,
      open_ai_organization: id === 2 ? 'org-newapi' : null,
      test_model: null,
      status: id === 20 ? 2 : 1,
      name: `channel ${id}`,
      weight: 0,
      created_time: time,
      test_time: 0,
      response_time: 100 + id,
      base_url: upstream,
      other: '',
      balance: id * 1.25,
      balance_updated_time: time,
      models: models.join(','),
      group,
      used_quota: int(9_000_000),
      model_mapping: id === 3 ? '{"gpt-4o-mini":"gpt-4o-mini"}' : null,
      status_code_mapping: '',
      priority: 0,
      auto_ban: 1,
      other_info: '',
      tag: id % 2 === 0 ? 'even' : null,
      setting: null,
    });
    for (const g of group.split(',')) {
      for (const model of models) {
        abilities.push({
          group: g,
          model,
          channel_id: id,
          enabled: id !== 20,
          priority: 0,
          weight: 0,
          tag: null,
        });
      }
    }
  }
  const options: Row[] = [
    ['QuotaPerUnit', '500000'],
    ['DisplayInCurrencyEnabled', 'true'],
    ['SystemName', '我的 new-api'],
    ['RegisterEnabled', 'true'],
    ['ModelRatio', '{"gpt-4o-mini":0.075,"gpt-4o":1.25}'],
    ['CompletionRatio', '{"gpt-4o-mini":4,"gpt-4o":4}'],
    ['GroupRatio', '{"default":1,"vip":1,"svip":1}'],
  ].map(([key, value]) => ({ key: key!, value: value! }));
  const history = historyRows(rand, time, deletedAt);
  const accessUser = users.find((u) => live(u) && u.access_token !== null)!;
  return {
    tables: { users, tokens, channels, abilities, options, ...history },
    logins: [
      { id: 1, username: 'root', password: '123456' },
      { id: owner.id as number, username: owner.username as string, password: 'password123' },
    ],
    relayKey: tokens[0]!.key as string,
    accessToken: { userId: accessUser.id as number, token: accessUser.access_token as string },
    deleted: { username: gone.username as string, password: 'password123', key: tokens[99]!.key as string },
    channelKeys,
  };
}
