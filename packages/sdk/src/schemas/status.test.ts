import { describe, expect, it } from 'vitest';
import { StatusSchema } from './status.js';

/** `GET /api/status` data of new-api v0.4.8.9.6 (every field of contract §3.1.1). */
const status = {
  version: 'v0.4.8.9.6',
  start_time: 1741161600,
  email_verification: false,
  github_oauth: true,
  github_client_id: 'Iv1.abc',
  linuxdo_oauth: false,
  linuxdo_client_id: '',
  telegram_oauth: false,
  telegram_bot_name: '',
  system_name: 'New API',
  logo: '',
  footer_html: '',
  wechat_qrcode: '',
  wechat_login: false,
  server_address: 'https://api.example.com',
  price: 7.3,
  min_topup: 1,
  turnstile_check: false,
  turnstile_site_key: '',
  top_up_link: '',
  chat_link: '',
  chat_link2: '',
  quota_per_unit: 500000,
  display_in_currency: true,
  enable_batch_update: false,
  enable_drawing: true,
  enable_task: true,
  enable_data_export: true,
  data_export_default_time: 'hour',
  default_collapse_sidebar: false,
  enable_online_topup: false,
  mj_notify_enabled: false,
  chats: [
    { 'ChatGPT Next Web 官方示例': 'https://app.nextchat.dev/#/?settings={"key":"{key}","url":"{address}"}' },
  ],
  demo_site_enabled: false,
  self_use_mode_enabled: false,
};

describe('StatusSchema', () => {
  it('parses the complete 0.4.8 status payload strictly', () => {
    expect(StatusSchema.strict().parse(status)).toEqual(status);
  });

  it('accepts newer payloads with extra and missing fields', () => {
    const { chat_link: _a, chat_link2: _b, ...head } = status;
    const parsed = StatusSchema.parse({
      ...head,
      docs_link: 'https://docs',
      oidc_enabled: false,
      setup: true,
      new_flag: 1,
    });
    expect(parsed).toMatchObject({ chat_link: '', docs_link: 'https://docs', setup: true });
    expect('new_flag' in parsed).toBe(false);
  });

  it('falls back to the documented defaults for an empty object', () => {
    expect(StatusSchema.parse({})).toMatchObject({
      system_name: 'New API',
      quota_per_unit: 500000,
      price: 7.3,
      display_in_currency: true,
      data_export_default_time: 'hour',
      chats: [],
    });
  });
});
