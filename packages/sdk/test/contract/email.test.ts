import { describe, expect, it } from 'vitest';
import { BusinessError, ValidationError } from '../../src/core/errors.js';
import { useContractEnv } from './setup.js';

/** The email flows through the SDK; mails themselves are checked against a real SMTP sink in the server suite. */
const env = useContractEnv();
const live = Boolean(process.env['API_BASE_URL']);

describe.skipIf(live)('client.users email flows', () => {
  it('asks for a reset link: an address without an account is answered like any other', async () => {
    // Mail set up where nothing listens: the server tries the mail server before it answers (new-api answers
    // the mailer's error), and it does so for every address alike, so the answer tells nothing of accounts.
    await env.root.options.update('SMTPServer', '127.0.0.1');
    await env.root.options.update('SMTPFrom', 'noreply@example.com');
    const answer = (email: string) =>
      env.anonymous.users.sendPasswordReset({ email }).then(
        () => 'sent',
        (err: Error) => (err instanceof BusinessError ? err.message : `unexpected: ${String(err)}`),
      );
    const unknown = await answer('nobody@example.com');
    expect(unknown).toContain('127.0.0.1');
    expect(await answer('alice@example.com')).toBe(unknown);
  });

  it('refuses a reset token that was never mailed, and a verification code that was never sent', async () => {
    const reset = env.anonymous.users.resetPassword({ email: 'alice@example.com', token: 'f'.repeat(32) });
    await expect(reset).rejects.toThrow(BusinessError);
    await expect(reset).rejects.toThrow('the reset link is invalid or has expired');
    const bind = env.alice.oauth.emailBind({ email: 'alice2@example.com', code: '123456' });
    await expect(bind).rejects.toThrow('invalid or expired verification code');
  });

  it('checks the address before sending', async () => {
    await expect(env.anonymous.users.sendVerification({ email: 'not-an-address' })).rejects.toBeInstanceOf(
      ValidationError,
    );
  });
});
