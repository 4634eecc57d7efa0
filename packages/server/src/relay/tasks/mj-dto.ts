import type { Selectable } from 'kysely';
import type { OptionStore } from '../../option-store.js';
import type { MidjourneysTable } from '../../db/tables.js';

/** A drawing task as the drawing proxy's clients read it (new-api dto.MidjourneyDto). */
export interface MjTaskDto {
  id: string;
  action: string;
  customId: string;
  botType: string;
  prompt: string;
  promptEn: string;
  description: string;
  state: string;
  submitTime: number;
  startTime: number;
  finishTime: number;
  imageUrl: string;
  status: string;
  progress: string;
  failReason: string;
  buttons: unknown;
  maskBase64: string;
  properties: { finalPrompt: string; finalZhPrompt: string } | null;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

function parsed(textValue: string): unknown {
  if (!textValue) return undefined;
  try {
    return JSON.parse(textValue);
  } catch {
    return undefined;
  }
}

/** Buttons as new-api re-reads them: each with its five fields, anything else left out. */
function buttonsOf(stored: string): unknown {
  const value = parsed(stored);
  if (!Array.isArray(value)) return null;
  return value.map((b: unknown) => {
    const o = b && typeof b === 'object' ? (b as Record<string, unknown>) : {};
    return {
      customId: o.customId ?? null,
      emoji: o.emoji ?? null,
      label: o.label ?? null,
      type: o.type ?? null,
      style: o.style ?? null,
    };
  });
}

function propertiesOf(stored: string): MjTaskDto['properties'] {
  const value = parsed(stored);
  if (!value || typeof value !== 'object' || Array.isArray(value)) return null;
  const o = value as Record<string, unknown>;
  return { finalPrompt: text(o.finalPrompt), finalZhPrompt: text(o.finalZhPrompt) };
}

/**
 * With `MjForwardUrlEnabled` the image is served through `/mj/image/{id}` on `ServerAddress` (an unfinished
 * task's with a `rand` parameter, so that clients do not cache a half-drawn image), hiding the proxy's address.
 */
export function mjImageUrl(options: OptionStore, row: Selectable<MidjourneysTable>, nowNs: bigint): string {
  if (row.image_url === '' || !options.bool('MjForwardUrlEnabled')) return row.image_url;
  const url = `${options.get('ServerAddress')}/mj/image/${row.mj_id}`;
  return row.status === 'SUCCESS' ? url : `${url}?rand=${nowNs}`;
}

export function mjTaskDto(options: OptionStore, row: Selectable<MidjourneysTable>): MjTaskDto {
  return {
    id: row.mj_id,
    action: row.action,
    customId: '',
    botType: '',
    prompt: row.prompt,
    promptEn: row.prompt_en,
    description: row.description,
    state: row.state,
    submitTime: Number(row.submit_time),
    startTime: Number(row.start_time),
    finishTime: Number(row.finish_time),
    imageUrl: mjImageUrl(options, row, BigInt(Date.now()) * 1_000_000n),
    status: row.status,
    progress: row.progress,
    failReason: row.fail_reason,
    buttons: buttonsOf(row.buttons),
    maskBase64: '',
    properties: propertiesOf(row.properties),
  };
}
