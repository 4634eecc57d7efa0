import { randomBytes } from 'node:crypto';
import { ALNUM, type Row } from './newapi-row-kit.js';

/** new-api's record tables: 500 redemption codes, 3,000 logs, 100 Midjourney and 100 task rows, 200 top-ups, 300 quota_data rows. */
export function historyRows(rand: () => number, time: number, deletedAt: Date): Record<string, Row[]> {
  const int = (n: number) => Math.floor(rand() * n);
  const str = (n: number) => Array.from({ length: n }, () => ALNUM[int(ALNUM.length)]).join('');
  const redemptions = Array.from({ length: 500 }, (_, i): Row => ({
    id: i + 1,
    user_id: 1,
    key: randomBytes(16).toString('hex'),
    status: i % 5 === 0 ? 3 : 1,
    name: `code ${i}`,
    quota: 500_000,
    created_time: time,
    redeemed_time: i % 5 === 0 ? time + 60 : 0,
    used_user_id: i % 5 === 0 ? 3 : 0,
    deleted_at: i % 97 === 0 ? deletedAt : null,
  }));
  const logs = Array.from({ length: 3000 }, (_, i): Row => ({
    id: i + 1,
    user_id: 1 + int(2000),
    created_at: time + i * 30,
    type: i % 10 === 0 ? 1 : 2,
    content: i % 10 === 0 ? '通过兑换码充值 ＄1.000000 额度' : '模型倍率 0.08，分组倍率 1.00',
    username: `user${1 + int(2000)}`,
    token_name: `token ${int(3000)}`,
    model_name: i % 10 === 0 ? '' : 'gpt-4o-mini',
    quota: int(20_000),
    prompt_tokens: int(2000),
    completion_tokens: int(800),
    use_time: int(30),
    is_stream: i % 2 === 0,
    channel_id: 1 + int(20),
    channel_name: null,
    token_id: 1 + int(3000),
    group: 'default',
    other: '{"model_ratio":0.075,"group_ratio":1,"completion_ratio":4}',
  }));
  const midjourneys = Array.from({ length: 100 }, (_, i): Row => ({
    id: i + 1,
    code: 1,
    user_id: 2 + int(100),
    action: 'IMAGINE',
    mj_id: String(1_700_000_000_000 + i),
    prompt: `a cat ${i}`,
    prompt_en: `a cat ${i}`,
    description: '',
    state: '',
    submit_time: time,
    start_time: time + 1,
    finish_time: time + 20,
    image_url: `https://cdn.example.com/${i}.png`,
    status: 'SUCCESS',
    progress: '100%',
    fail_reason: '',
    channel_id: 1,
    quota: 50_000,
    buttons: '[]',
    properties: '{}',
  }));
  const tasks = Array.from({ length: 100 }, (_, i): Row => ({
    id: i + 1,
    created_at: time,
    updated_at: time + 5,
    task_id: `suno-${i}`,
    platform: 'suno',
    user_id: 2 + int(100),
    channel_id: 1,
    quota: 10_000,
    action: 'MUSIC',
    status: 'SUCCESS',
    fail_reason: '',
    submit_time: time,
    start_time: time + 1,
    finish_time: time + 60,
    progress: '100%',
    properties: '{"input":"lyrics"}',
    data: JSON.stringify([{ id: `clip-${i}`, title: '歌' }]),
  }));
  const topUps = Array.from({ length: 200 }, (_, i): Row => ({
    id: i + 1,
    user_id: 2 + int(1000),
    amount: 10,
    money: 73.5,
    trade_no: `USR2NO${str(6)}${time + i}`,
    create_time: time + i,
    status: i % 4 === 0 ? 'pending' : 'success',
  }));
  const quotaData = Array.from({ length: 300 }, (_, i): Row => ({
    id: i + 1,
    user_id: 1 + (i % 50),
    username: `user${1 + (i % 50)}`,
    model_name: 'gpt-4o-mini',
    created_at: time - (time % 3600) + 3600 * Math.floor(i / 50),
    token_used: int(10_000),
    count: int(50),
    quota: int(100_000),
  }));
  return { redemptions, logs, midjourneys, tasks, top_ups: topUps, quota_data: quotaData };
}
