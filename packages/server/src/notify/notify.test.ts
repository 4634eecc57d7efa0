import { createHmac } from 'node:crypto';
import { UserStatus } from '@switchboard/sdk';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../testing/smtp-sink.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { startWebhookReceiver, type WebhookReceiver } from '../testing/webhook-receiver.js';
import { channelDisabled, contentValues, quotaWarning, type Notification } from './notification.js';
import { notifyRoot, notifyThrottle, notifyUser } from './notify.js';
import { hourBucket, MemoryNotifyThrottle } from './throttle.js';

/** 2023-11-14 22:13:20 UTC: 46 minutes and 40 seconds before the next hour bucket. */
let clock = 1_700_000_000;

const note = (type = 'quota_exceed'): Notification => ({
  type,
  title: '标题',
  content: 'notify.channelDisabledContent',
  params: { name: '<b>main</b>', id: 7, reason: 'status code 401: bad key & "more"' },
});

describe('notifyUser and notifyRoot', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let hook: WebhookReceiver;
  let errors: ReturnType<typeof vi.spyOn>;

  beforeAll(async () => {
    t = await createTestApp({ now: () => clock, config: { webhookAllowPrivate: true } });
    [sink, hook] = await Promise.all([startSmtpSink(), startWebhookReceiver()]);
  });
  afterAll(async () => {
    await Promise.all([sink.close(), hook.close()]);
    await t.close();
  });
  beforeEach(async () => {
    sink.mails.length = 0;
    hook.hooks.length = 0;
    hook.answer(204);
    await sink.configure(t.ctx);
    notifyThrottle(t.ctx, new MemoryNotifyThrottle(() => clock, 2, 600));
    errors = vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => errors.mockRestore());

  /** A user with an account email and a stored setting. */
  const user = async (email: string, setting: Record<string, unknown> = {}, role = 1) => {
    const { id } = await t.userWithRole(role);
    await t.ctx.db
      .updateTable('users')
      .set({ email, setting: JSON.stringify(setting) })
      .where('id', '=', id)
      .execute();
    return id;
  };

  it('mails the account email by default, with the values HTML-escaped', async () => {
    const id = await user('alice@example.com');
    expect(await notifyUser(t.ctx, id, note())).toBe('sent');
    const [mail] = sink.mails;
    expect(mail).toMatchObject({ envelopeTo: ['alice@example.com'], subject: '标题' });
    expect(mail!.html).toBe(
      '通道「&lt;b&gt;main&lt;/b&gt;」（#7）已被禁用，原因：status code 401: bad key &amp; &quot;more&quot;',
    );
    expect(hook.hooks).toHaveLength(0);
  });

  it('prefers notification_email to the account email', async () => {
    const id = await user('alice@example.com', {
      notify_type: 'email',
      notification_email: 'ops@example.com',
    });
    await notifyUser(t.ctx, id, note());
    expect(sink.mails.map((m) => m.envelopeTo)).toEqual([['ops@example.com']]);
  });

  it('posts to the webhook when the user chose it, signed with their secret', async () => {
    const id = await user('alice@example.com', {
      notify_type: 'webhook',
      webhook_url: `${hook.url}/in`,
      webhook_secret: 'whsec',
    });
    expect(await notifyUser(t.ctx, id, quotaWarning(t.ctx, 900))).toBe('sent');
    const [got] = hook.hooks;
    expect(got!.path).toBe('/in');
    expect(got!.headers['x-webhook-signature']).toBe(
      createHmac('sha256', 'whsec').update(got!.raw).digest('hex'),
    );
    const link = `http://localhost:3000/topup`;
    expect(JSON.parse(got!.raw)).toEqual({
      type: 'quota_exceed',
      title: '您的额度即将用尽',
      content: `您的额度即将用尽，当前剩余额度为 $0.001800，为了不影响您的使用，请及时充值。<br/>充值链接：<a href='${link}'>${link}</a>`,
      values: ['您的额度即将用尽', '$0.001800', link, link],
      timestamp: clock,
    });
    expect(sink.mails).toHaveLength(0);
  });

  it('drops the third notification of a kind in one hour bucket, and starts again in the next', async () => {
    const id = await user('bob@example.com');
    const outcomes = [];
    for (let i = 0; i < 3; i++) outcomes.push(await notifyUser(t.ctx, id, note()));
    expect(outcomes).toEqual(['sent', 'sent', 'throttled']);
    // Another kind, or the same kind for someone else, has its own count.
    expect(await notifyUser(t.ctx, id, note('channel_update'))).toBe('sent');
    expect(await notifyUser(t.ctx, await user('carol@example.com'), note())).toBe('sent');
    clock += 47 * 60;
    expect(await notifyUser(t.ctx, id, note())).toBe('sent');
    expect(sink.mails.map((m) => m.envelopeTo[0])).toEqual([
      'bob@example.com',
      'bob@example.com',
      'bob@example.com',
      'carol@example.com',
      'bob@example.com',
    ]);
  });

  it('never throws: failures are logged on one line and reported as failed', async () => {
    const mailUser = await user('dave@example.com');
    await t.ctx.options.set('SMTPServer', '');
    expect(await notifyUser(t.ctx, mailUser, note())).toBe('failed');
    expect(errors).toHaveBeenCalledWith(
      `switchboard: quota_exceed notification to user ${mailUser} failed: the SMTP server is not configured`,
    );
    const hookUser = await user('', { notify_type: 'webhook', webhook_url: hook.url });
    hook.answer(500);
    expect(await notifyUser(t.ctx, hookUser, note())).toBe('failed');
    expect(errors).toHaveBeenCalledTimes(2);
    expect(String(errors.mock.calls[1]![0])).toMatch(/status code: 500$/);
  });

  it('skips users without an address, without spending their allowance', async () => {
    const id = await user('');
    expect(await notifyUser(t.ctx, id, note())).toBe('no-recipient');
    expect(await notifyUser(t.ctx, 999_999, note())).toBe('no-recipient');
    const broken = await user('eve@example.com');
    await t.ctx.db.updateTable('users').set({ setting: '{not json' }).where('id', '=', broken).execute();
    expect(await notifyUser(t.ctx, broken, note())).toBe('sent');
    await t.ctx.db.updateTable('users').set({ email: 'x@example.com' }).where('id', '=', id).execute();
    expect([await notifyUser(t.ctx, id, note()), await notifyUser(t.ctx, id, note())]).toEqual([
      'sent',
      'sent',
    ]);
  });

  it('notifies every enabled root, and no one else', async () => {
    await t.ctx.db
      .updateTable('users')
      .set({ email: 'root@example.com' })
      .where('username', '=', 'root')
      .execute();
    await user('root2@example.com', {}, 100);
    const banned = await user('root3@example.com', {}, 100);
    await t.ctx.db
      .updateTable('users')
      .set({ status: UserStatus.Disabled })
      .where('id', '=', banned)
      .execute();
    await user('admin@example.com', {}, 10);
    await user('webhook-root@example.com', { notify_type: 'webhook', webhook_url: `${hook.url}/root` }, 100);
    const outcomes = await notifyRoot(t.ctx, channelDisabled(12, 'openai', 'status code 401: bad key'));
    expect(outcomes).toEqual(['sent', 'sent', 'sent']);
    expect(sink.mails.map((m) => m.envelopeTo[0]).sort()).toEqual(['root2@example.com', 'root@example.com']);
    expect(sink.mails[0]!.subject).toBe('通道「openai」（#12）已被禁用');
    expect(JSON.parse(hook.hooks[0]!.raw)).toMatchObject({
      type: 'channel_update',
      title: '通道「openai」（#12）已被禁用',
      content: '通道「openai」（#12）已被禁用，原因：status code 401: bad key',
    });
  });
});

describe('notification texts', () => {
  it("keep new-api's order of values", () => {
    expect(contentValues(channelDisabled(3, 'n', 'r'))).toEqual(['n', 3, 'r']);
  });
});

describe('MemoryNotifyThrottle', () => {
  it('counts per user, kind and hour, and forgets a count after its lifetime', async () => {
    let now = Date.UTC(2024, 0, 1, 10, 0, 0) / 1000;
    const throttle = new MemoryNotifyThrottle(() => now, 2, 600);
    expect(hourBucket(now)).toBe('2024010110');
    const take = () => throttle.take(1, 'quota_exceed');
    expect([await take(), await take(), await take()]).toEqual([true, true, false]);
    now += 9 * 60;
    expect(await take()).toBe(false);
    now += 60;
    expect([await take(), await take(), await take()]).toEqual([true, true, false]);
  });

  it('reads its limit from NOTIFY_LIMIT_COUNT', async () => {
    vi.stubEnv('NOTIFY_LIMIT_COUNT', '1');
    try {
      const throttle = new MemoryNotifyThrottle(() => 0);
      expect([await throttle.take(1, 'a'), await throttle.take(1, 'a')]).toEqual([true, false]);
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
