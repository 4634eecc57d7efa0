import { z } from 'zod';
import { orDefault } from './common.js';

const flag = orDefault(z.boolean(), false);
const text = orDefault(z.string(), '');

/**
 * `GET /api/status`: the public site configuration clients cache at startup (contract §3.1.1).
 * Every field is tolerant: missing fields take defaults and unknown fields are dropped.
 */
export const StatusSchema = z.object({
  version: text,
  /** Server start, unix seconds. */
  start_time: orDefault(z.number(), 0),
  system_name: orDefault(z.string(), 'New API'),
  logo: text,
  /** Custom footer HTML; the default credit line when empty. */
  footer_html: text,
  server_address: text,
  /** Quota per USD (500000). */
  quota_per_unit: orDefault(z.number(), 500000),
  /** Show quota as USD. */
  display_in_currency: orDefault(z.boolean(), true),
  /** Top-up price per USD (CNY). */
  price: orDefault(z.number(), 7.3),
  min_topup: orDefault(z.number(), 1),
  /** PayAddress, EpayId and EpayKey are all set. */
  enable_online_topup: flag,
  top_up_link: text,
  chat_link: text,
  chat_link2: text,
  /** Chat client templates: one `{label: urlTemplate}` object per client, with `{key}` and `{address}`. */
  chats: orDefault(z.array(z.record(z.string(), z.string())), []),
  enable_batch_update: flag,
  enable_drawing: flag,
  enable_task: flag,
  enable_data_export: flag,
  /** hour, day or week. */
  data_export_default_time: orDefault(z.string(), 'hour'),
  default_collapse_sidebar: flag,
  mj_notify_enabled: flag,
  demo_site_enabled: flag,
  self_use_mode_enabled: flag,
  email_verification: flag,
  turnstile_check: flag,
  turnstile_site_key: text,
  github_oauth: flag,
  github_client_id: text,
  linuxdo_oauth: flag,
  linuxdo_client_id: text,
  wechat_login: flag,
  /** WeChat account QR code image URL. */
  wechat_qrcode: text,
  telegram_oauth: flag,
  telegram_bot_name: text,
  /** Newer servers only. */
  docs_link: z.string().optional(),
  oidc_enabled: z.boolean().optional(),
  oidc_client_id: z.string().optional(),
  oidc_authorization_endpoint: z.string().optional(),
  /** Newer servers: the first-run setup is done. */
  setup: z.boolean().optional(),
});
/** The public status object. */
export type Status = z.output<typeof StatusSchema>;
