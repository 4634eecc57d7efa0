import { ChannelStatus, ChannelType } from '@switchboard/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { abilitiesOf, createChannels } from '../../modules/channels/channel-test-kit.js';
import { createTestApp, type Caller, type TestApp } from '../../testing/test-app.js';
import { testDialects } from '../../testing/test-db.js';
import { ChannelHealth, isDisablingError } from './channel-health.js';

const KEYWORDS = 'Your credit balance is too low\nPermission denied';
const err = (message: string, type = 'upstream_error', code: string | null = null) => ({
  message,
  type,
  code,
});

describe('isDisablingError', () => {
  it('matches the rules of ShouldDisableChannel', () => {
    expect(isDisablingError(1, 401, err('bad key'), KEYWORDS)).toBe(true);
    expect(isDisablingError(1, 403, err('nope'), KEYWORDS)).toBe(false);
    expect(isDisablingError(ChannelType.Gemini, 403, err('nope'), KEYWORDS)).toBe(true);
    expect(isDisablingError(1, 400, err('x', 'x', 'invalid_api_key'), KEYWORDS)).toBe(true);
    expect(isDisablingError(1, 429, err('x', 'insufficient_quota'), KEYWORDS)).toBe(true);
    expect(isDisablingError(1, 500, err('YOUR CREDIT BALANCE IS TOO LOW.'), KEYWORDS)).toBe(true);
    expect(isDisablingError(1, 500, err('overloaded'), KEYWORDS)).toBe(false);
    expect(isDisablingError(1, 429, err('rate limited', 'rate_limit_error'), KEYWORDS)).toBe(false);
  });
});

describe.each(testDialects())('ChannelHealth on %s', (dialect) => {
  let t: TestApp;
  let admin: Caller;
  let clock = 1_700_000_000;
  let health: ChannelHealth;

  beforeAll(async () => {
    t = await createTestApp({ dialect, now: () => clock });
    admin = await t.root();
  });
  afterAll(async () => {
    await t.close();
  });
  beforeEach(async () => {
    health = new ChannelHealth(t.ctx);
    await t.ctx.options.set('AutomaticDisableChannelEnabled', 'true');
    await t.ctx.options.set('AutomaticEnableChannelEnabled', 'false');
    await t.ctx.options.set('ChannelDisableFailureCount', '3');
    await t.ctx.options.set('ChannelDisableFailureWindowMinutes', '10');
  });

  const newChannel = async (autoBan = 1) => {
    const [id] = await createChannels(t, admin, { auto_ban: autoBan });
    return { id: id!, type: ChannelType.OpenAI, autoBan: autoBan === 1 };
  };
  const statusOf = async (id: number) =>
    (await t.ctx.db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).status;

  it('disables after N qualifying failures within the window, not before', async () => {
    const ch = await newChannel();
    await health.failure(ch, 401, err('Incorrect API key'));
    await health.failure(ch, 401, err('Incorrect API key'));
    expect(await statusOf(ch.id)).toBe(ChannelStatus.Enabled);
    await health.failure(ch, 401, err('Incorrect API key'));
    const row = await t.ctx.db.selectFrom('channels').selectAll().where('id', '=', ch.id).executeTakeFirst();
    expect(row!.status).toBe(ChannelStatus.AutoDisabled);
    expect(JSON.parse(row!.other_info)).toEqual({
      status_reason: 'status code 401: Incorrect API key',
      status_time: clock,
    });
    expect((await abilitiesOf(t, ch.id)).every((a) => !a.enabled)).toBe(true);
  });

  it('forgets failures older than the window and after a success', async () => {
    const ch = await newChannel();
    await health.failure(ch, 401, err('x'));
    await health.failure(ch, 401, err('x'));
    clock += 11 * 60;
    await health.failure(ch, 401, err('x'));
    health.success(ch);
    await health.failure(ch, 401, err('x'));
    await health.failure(ch, 401, err('x'));
    expect(await statusOf(ch.id)).toBe(ChannelStatus.Enabled);
  });

  it('ignores errors that do not qualify, and counts keyword matches', async () => {
    await t.ctx.options.set('ChannelDisableFailureCount', '1');
    const ch = await newChannel();
    await health.failure(ch, 500, err('upstream overloaded'));
    expect(await statusOf(ch.id)).toBe(ChannelStatus.Enabled);
    await health.failure(ch, 400, err('Error: You exceeded your current quota, please check'));
    expect(await statusOf(ch.id)).toBe(ChannelStatus.AutoDisabled);
  });

  it('respects auto_ban 0 and the global switch', async () => {
    await t.ctx.options.set('ChannelDisableFailureCount', '1');
    const noBan = await newChannel(0);
    await health.failure(noBan, 401, err('x'));
    expect(await statusOf(noBan.id)).toBe(ChannelStatus.Enabled);
    await t.ctx.options.set('AutomaticDisableChannelEnabled', 'false');
    const ch = await newChannel();
    await health.failure(ch, 401, err('x'));
    expect(await statusOf(ch.id)).toBe(ChannelStatus.Enabled);
  });

  it('never touches a manually disabled channel, and re-enables only status 3 when allowed', async () => {
    await t.ctx.options.set('ChannelDisableFailureCount', '1');
    const manual = await newChannel();
    await t.ctx.db.updateTable('channels').set({ status: 2 }).where('id', '=', manual.id).execute();
    await health.failure(manual, 401, err('x'));
    expect(await health.enable(manual.id)).toBe(false);
    await t.ctx.options.set('AutomaticEnableChannelEnabled', 'true');
    expect(await health.enable(manual.id)).toBe(false);
    expect(await statusOf(manual.id)).toBe(ChannelStatus.ManuallyDisabled);

    const auto = await newChannel();
    await health.failure(auto, 401, err('x'));
    expect(await statusOf(auto.id)).toBe(ChannelStatus.AutoDisabled);
    expect(await health.enable(auto.id)).toBe(true);
    expect(await statusOf(auto.id)).toBe(ChannelStatus.Enabled);
    expect((await abilitiesOf(t, auto.id)).every((a) => a.enabled)).toBe(true);
  });
});
