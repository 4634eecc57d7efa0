import { ChannelPriorityUpdateParamsSchema, ChannelWeightUpdateParamsSchema } from '@switchboard/sdk';
import { firstIssue } from './sdk-message';

export type InlineField = 'priority' | 'weight';

/**
 * The list's inline priority and weight rules (spec §5): priority an integer of -999 or more, weight an
 * integer (a negative weight is saved as 0). Returns the message to show, or null.
 */
export function inlineProblem(field: InlineField, value: string): string | null {
  const result =
    field === 'priority'
      ? ChannelPriorityUpdateParamsSchema.safeParse({ id: 1, priority: value })
      : ChannelWeightUpdateParamsSchema.safeParse({ id: 1, weight: value });
  return firstIssue(result)?.message ?? null;
}

/** The value the server will store: weights below 0 become 0. */
export function storedValue(field: InlineField, value: string): number {
  const n = Number(value.trim());
  return field === 'weight' ? Math.max(0, n) : n;
}
