import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DrawingListParamsSchema, DrawingTaskSchema, TaskListParamsSchema, TaskSchema } from './task.js';

function firstMessage(schema: z.ZodType, input: unknown): string | undefined {
  const result = schema.safeParse(input);
  expect(result.success, 'expected a rejection').toBe(false);
  return result.error?.issues[0]?.message;
}

describe('DrawingTaskSchema', () => {
  it('parses a midjourneys row strictly', () => {
    const row = {
      id: 5,
      code: 1,
      user_id: 7,
      action: 'IMAGINE',
      mj_id: '1741165200123456',
      prompt: '一只猫',
      prompt_en: 'a cat',
      description: 'Submit success',
      state: '',
      submit_time: 1741165200123,
      start_time: 1741165201000,
      finish_time: 1741165260000,
      image_url: 'https://example.com/mj/image/1741165200123456',
      status: 'SUCCESS',
      progress: '100%',
      fail_reason: '',
      channel_id: 2,
      quota: 50000,
    };
    expect(DrawingTaskSchema.strict().parse(row)).toEqual(row);
  });
});

describe('TaskSchema', () => {
  it('parses a tasks row with its properties and raw data', () => {
    const row = {
      id: 8,
      created_at: 1741165200,
      updated_at: 1741165300,
      task_id: 'a1b2c3',
      platform: 'suno',
      user_id: 7,
      channel_id: 4,
      quota: 50000,
      action: 'MUSIC',
      status: 'FAILURE',
      fail_reason: 'upstream timeout',
      submit_time: 1741165200,
      start_time: 1741165210,
      finish_time: 1741165300,
      progress: '100%',
      properties: { input: 'a song about cats' },
      data: [{ id: 'clip-1' }],
    };
    expect(TaskSchema.strict().parse(row)).toEqual(row);
    expect(TaskSchema.parse({ id: 9, properties: null }).properties).toBeNull();
  });
});

describe('task list parameters', () => {
  it('filters drawings by channel, id and window', () => {
    expect(
      DrawingListParamsSchema.parse({ channel_id: '2', mj_id: 'x', start_timestamp: 1, end_timestamp: 2 }),
    ).toEqual({
      page: 1,
      pageSize: 10,
      channel_id: 2,
      mj_id: 'x',
      start_timestamp: 1,
      end_timestamp: 2,
    });
    expect(firstMessage(DrawingListParamsSchema, { start_timestamp: 5, end_timestamp: 1 })).toBe(
      'common.timeRangeInvalid',
    );
  });

  it('filters async tasks by known statuses', () => {
    expect(
      TaskListParamsSchema.parse({ status: 'IN_PROGRESS', platform: 'suno', action: 'MUSIC' }),
    ).toMatchObject({
      status: 'IN_PROGRESS',
      platform: 'suno',
    });
    expect(firstMessage(TaskListParamsSchema, { status: 'DONE' })).toBe('task.invalidStatus');
  });
});
