import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver.js';
import { notifyThrottle } from './notify.js';
import { ownWarningThreshold, warnOnQuotaCrossing } from './quota-warning.js';
import { MemoryNotifyThrottle } from './throttle.js';

/** Long enough for a background notification on loopback to arrive, if one was (wrongly) sent. */
const SETTLE_MS = 150;

describe('warnOnQuotaCrossing', () => {
  let t: TestApp;
  let hook: WebhookReceiver;

  beforeAll(async () => {
    t = await createTestApp({ config: { webhookAllowPrivate: true } });
    hook = await startWebhookReceiver();
  });
  afterAll(async () => {
    await hook.close();
    await t.close();
  });
  beforeEach(async () => {
    hook.hooks.length = 0;
    notifyThrottle(t.ctx, new MemoryNotifyThrottle(() => t.ctx.now(), 100, 600));
    await t.ctx.options.set('QuotaRemindThreshold', '1000');
  });

  /** A user notified by webhook at `/u<id>`. */
  const user = async () => {
    const { id } = await t.userWithRole(1);
    const setting = { notify_type: 'webhook', webhook_url: `${hook.url}/u${id}` };
    await t.ctx.db
      .updateTable('users')
      .set({ setting: JSON.stringify(setting) })
      .where('id', '=', id)
      .execute();
    return id;
  };
  const pathsAfterAWhile = async () => {
    await sleep(SETTLE_MS);
    return hook.hooks.map((h) => h.path);
  };

  it("warns once when the balance crosses the user's threshold, not while it stays on one side", async () => {
    const id = await user();
    warnOnQuotaCrossing(t.ctx, id, 5000, 9000, 6000);
    warnOnQuotaCrossing(t.ctx, id, 5000, 6000, 5000);
    expect(await pathsAfterAWhile()).toEqual([]);
    warnOnQuotaCrossing(t.ctx, id, 5000, 5000, 4999);
    await hook.waitFor(1);
    warnOnQuotaCrossing(t.ctx, id, 5000, 4999, 100);
    warnOnQuotaCrossing(t.ctx, id, 5000, 100, 0);
    expect(await pathsAfterAWhile()).toEqual([`/u${id}`]);
    expect(JSON.parse(hook.hooks[0]!.raw)).toMatchObject({ type: 'quota_exceed', title: '您的额度即将用尽' });
  });

  it('falls back to QuotaRemindThreshold, read when the check runs', async () => {
    const id = await user();
    warnOnQuotaCrossing(t.ctx, id, null, 1500, 1200);
    expect(await pathsAfterAWhile()).toEqual([]);
    await t.ctx.options.set('QuotaRemindThreshold', '1300');
    warnOnQuotaCrossing(t.ctx, id, null, 1500, 1200);
    expect((await hook.waitFor(1)).map((h) => h.path)).toEqual([`/u${id}`]);
  });

  it("reads the user's own threshold from the setting JSON, null when unset or invalid", () => {
    expect(ownWarningThreshold('{"notify_type":"email","quota_warning_threshold":5000}')).toBe(5000);
    for (const bad of ['', '{}', '{"quota_warning_threshold":0}', '{"quota_warning_threshold":"x"}', '{bad'])
      expect(ownWarningThreshold(bad)).toBeNull();
  });

  it('ignores refunds and unchanged balances', async () => {
    const id = await user();
    warnOnQuotaCrossing(t.ctx, id, 5000, 4000, 6000);
    warnOnQuotaCrossing(t.ctx, id, 5000, 5000, 5000);
    expect(await pathsAfterAWhile()).toEqual([]);
  });
});
