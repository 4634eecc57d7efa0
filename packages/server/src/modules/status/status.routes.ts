import { STATUS_ROUTES as R } from '@switchboard/sdk';
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.js';
import { apiRoute } from '../../http/api-route.js';
import { ok } from '../../http/envelope.js';
import { VERSION } from '../../version.js';

/** The public status object of reference §3.1.1, built from the live options. */
export function statusData(ctx: AppContext, startTime: number) {
  const o = ctx.options;
  return {
    version: VERSION,
    start_time: startTime,
    email_verification: o.bool('EmailVerificationEnabled'),
    github_oauth: o.bool('GitHubOAuthEnabled'),
    github_client_id: o.get('GitHubClientId'),
    linuxdo_oauth: o.bool('LinuxDOOAuthEnabled'),
    linuxdo_client_id: o.get('LinuxDOClientId'),
    telegram_oauth: o.bool('TelegramOAuthEnabled'),
    telegram_bot_name: o.get('TelegramBotName'),
    system_name: o.get('SystemName'),
    logo: o.get('Logo'),
    footer_html: o.get('Footer'),
    wechat_qrcode: o.get('WeChatAccountQRCodeImageURL'),
    wechat_login: o.bool('WeChatAuthEnabled'),
    server_address: o.get('ServerAddress'),
    price: o.number('Price'),
    min_topup: o.number('MinTopUp'),
    turnstile_check: o.bool('TurnstileCheckEnabled'),
    turnstile_site_key: o.get('TurnstileSiteKey'),
    top_up_link: o.get('TopUpLink'),
    chat_link: o.get('ChatLink'),
    chat_link2: o.get('ChatLink2'),
    quota_per_unit: o.number('QuotaPerUnit'),
    display_in_currency: o.bool('DisplayInCurrencyEnabled'),
    enable_batch_update: true,
    enable_drawing: o.bool('DrawingEnabled'),
    enable_task: o.bool('TaskEnabled'),
    enable_data_export: o.bool('DataExportEnabled'),
    data_export_default_time: o.get('DataExportDefaultTime'),
    default_collapse_sidebar: o.bool('DefaultCollapseSidebar'),
    enable_online_topup: o.get('PayAddress') !== '' && o.get('EpayId') !== '' && o.get('EpayKey') !== '',
    mj_notify_enabled: o.bool('MjNotifyEnabled'),
    chats: o.json<unknown[]>('Chats', []),
    demo_site_enabled: o.bool('DemoSiteEnabled'),
    self_use_mode_enabled: o.bool('SelfUseModeEnabled'),
  };
}

export async function statusRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const startTime = ctx.now();
  apiRoute(app, R.get, async () => ok(statusData(ctx, startTime)));
  apiRoute(app, R.test, async ({ reply }) => {
    try {
      await sql`select 1`.execute(ctx.db);
      return ok(undefined, 'Server is running');
    } catch {
      return reply.status(503).send({ success: false, message: 'database unreachable' });
    }
  });
  apiRoute(app, R.notice, async () => ok(ctx.options.get('Notice')));
  apiRoute(app, R.about, async () => ok(ctx.options.get('About')));
  apiRoute(app, R.homePageContent, async () => ok(ctx.options.get('HomePageContent')));
}
