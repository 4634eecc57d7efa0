import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../http/errors.js';
import { startSmtpSink, type SmtpSink } from '../testing/smtp-sink.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { sendMail } from './mailer.js';

describe('sendMail', () => {
  let t: TestApp;
  let sink: SmtpSink;
  let other: SmtpSink;

  beforeAll(async () => {
    t = await createTestApp();
    [sink, other] = await Promise.all([startSmtpSink(), startSmtpSink()]);
    await t.ctx.options.set('SystemName', 'Switchboard Test');
  });
  afterAll(async () => {
    await Promise.all([sink.close(), other.close()]);
    await t.close();
  });
  beforeEach(async () => {
    sink.mails.length = 0;
    other.mails.length = 0;
    await sink.configure(t.ctx);
  });

  it('delivers an HTML mail from SystemName <SMTPFrom> over SMTP', async () => {
    await sendMail(t.ctx, {
      to: 'alice@example.com',
      subject: '您的额度即将用尽',
      html: '<p>剩余额度 $0.50</p><a href="https://gw.example/topup">充值</a>',
    });
    const [mail] = await sink.waitFor(1);
    expect(mail).toMatchObject({
      envelopeFrom: 'noreply@switchboard.test',
      envelopeTo: ['alice@example.com'],
      user: '',
      from: 'Switchboard Test <noreply@switchboard.test>',
      to: 'alice@example.com',
      subject: '您的额度即将用尽',
      html: '<p>剩余额度 $0.50</p><a href="https://gw.example/topup">充值</a>',
    });
  });

  it('sends plain text, authenticates with the account and falls back to it as the sender', async () => {
    await t.ctx.options.set('SMTPFrom', '');
    await t.ctx.options.set('SMTPAccount', 'bot@example.com');
    await t.ctx.options.set('SMTPToken', 'app-password');
    await sendMail(t.ctx, { to: 'bob@example.com', subject: 'Hello', text: 'line one\nline two' });
    const [mail] = await sink.waitFor(1);
    expect(mail).toMatchObject({
      envelopeFrom: 'bot@example.com',
      user: 'bot@example.com',
      subject: 'Hello',
    });
    expect(mail!.text).toBe('line one\nline two');
    expect(mail!.html).toBe('');
  });

  it('reports the server refusing the login', async () => {
    await t.ctx.options.set('SMTPAccount', 'bot@example.com');
    await t.ctx.options.set('SMTPToken', 'wrong');
    await expect(sendMail(t.ctx, { to: 'bob@example.com', subject: 'x', text: 'x' })).rejects.toThrow(
      /Invalid username or password/,
    );
    expect(sink.mails).toHaveLength(0);
  });

  it('reads the options at send time: a new server applies to the next mail', async () => {
    await sendMail(t.ctx, { to: 'a@example.com', subject: 'first', text: '1' });
    await other.configure(t.ctx, 'ops@example.com');
    await sendMail(t.ctx, { to: 'a@example.com', subject: 'second', text: '2' });
    expect(sink.mails.map((m) => m.subject)).toEqual(['first']);
    expect(other.mails.map((m) => [m.subject, m.envelopeFrom])).toEqual([['second', 'ops@example.com']]);
  });

  it('fails with a clear error when SMTP is not configured', async () => {
    await t.ctx.options.set('SMTPServer', '');
    const err = await sendMail(t.ctx, { to: 'a@example.com', subject: 'x', text: 'x' }).catch((e) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({ code: 'unavailable', key: 'notify.smtpNotConfigured' });
  });

  it('fails with a clear error when there is no sender address', async () => {
    await t.ctx.options.set('SMTPFrom', '');
    const err = await sendMail(t.ctx, { to: 'a@example.com', subject: 'x', text: 'x' }).catch((e) => e);
    expect(err).toMatchObject({ code: 'unavailable', key: 'notify.smtpSenderMissing' });
    expect(sink.mails).toHaveLength(0);
  });
});
