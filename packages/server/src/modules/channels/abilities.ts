import { ChannelStatus, splitList } from '@switchboard/sdk';
import type { Insertable, Kysely } from 'kysely';
import type { AbilitiesTable, Database } from '../../db/tables.js';

/** The channel fields an ability row is derived from. */
export interface AbilitySource {
  id: number;
  group: string;
  models: string;
  status: number;
  priority: number;
  weight: number;
  tag: string;
}

// Keeps one multi-row insert well under every dialect's bound-parameter limit (7 columns per row).
const INSERT_CHUNK = 200;

/**
 * One row per group × model of a channel. Unlike new-api, items are trimmed and de-duplicated, so
 * "default, vip" and "gpt-4o,gpt-4o" cannot produce rows that never match or break the primary key.
 */
export function abilityRows(channel: AbilitySource): Insertable<AbilitiesTable>[] {
  const groups = [...new Set(splitList(channel.group))];
  const models = [...new Set(splitList(channel.models))];
  const enabled = channel.status === ChannelStatus.Enabled ? 1 : 0;
  return groups.flatMap((group) =>
    models.map((model) => ({
      group,
      model,
      channel_id: channel.id,
      enabled,
      priority: channel.priority,
      weight: channel.weight,
      tag: channel.tag,
    })),
  );
}

/** Replaces the abilities of the given channels; run it inside the transaction that saved them. */
export async function rebuildAbilities(
  db: Kysely<Database>,
  channels: readonly AbilitySource[],
): Promise<void> {
  if (channels.length === 0) return;
  const ids = channels.map((c) => c.id);
  for (let i = 0; i < ids.length; i += INSERT_CHUNK) {
    await db
      .deleteFrom('abilities')
      .where('channel_id', 'in', ids.slice(i, i + INSERT_CHUNK))
      .execute();
  }
  const rows = channels.flatMap(abilityRows);
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    await db
      .insertInto('abilities')
      .values(rows.slice(i, i + INSERT_CHUNK))
      .execute();
  }
}

/** Switches the abilities of channels on or off without rebuilding them (status-only changes). */
export async function setAbilitiesEnabled(
  db: Kysely<Database>,
  ids: readonly number[],
  enabled: boolean,
): Promise<void> {
  for (let i = 0; i < ids.length; i += INSERT_CHUNK) {
    await db
      .updateTable('abilities')
      .set({ enabled: enabled ? 1 : 0 })
      .where('channel_id', 'in', ids.slice(i, i + INSERT_CHUNK))
      .execute();
  }
}

/** Deletes the abilities of the given channels. */
export async function deleteAbilities(db: Kysely<Database>, ids: readonly number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += INSERT_CHUNK) {
    await db
      .deleteFrom('abilities')
      .where('channel_id', 'in', ids.slice(i, i + INSERT_CHUNK))
      .execute();
  }
}

/** Distinct model names of enabled abilities, sorted. */
export async function listEnabledModels(db: Kysely<Database>): Promise<string[]> {
  const rows = await db
    .selectFrom('abilities')
    .select('model')
    .distinct()
    .where('enabled', '=', 1)
    .orderBy('model')
    .execute();
  return rows.map((r) => r.model);
}
