import { z } from 'zod';
import { MAX_QUOTA, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../constants/limits.js';
import { msg } from '../i18n/translate.js';
import type { MessageKey } from '../i18n/messages.js';

/**
 * Building blocks shared by the entity and request schemas. Request fields accept what forms and
 * command lines produce (numeric strings, lists as arrays) and output what new-api expects on the wire.
 */

/** An entity field that new-api may omit or send as null (Go pointers): parses to `fallback` then. */
export function orDefault<T extends z.ZodType>(schema: T, fallback: z.output<T>) {
  return schema.nullish().transform((value): z.output<T> => (value ?? fallback) as z.output<T>);
}

/** A gorm `DeletedAt`: null while the row exists, an RFC 3339 time once soft-deleted. */
export const DeletedAtSchema = z
  .string()
  .nullish()
  .transform((value) => value ?? null);

function toNumber(value: string | number): number {
  if (typeof value === 'number') return value;
  const text = value.trim();
  return text === '' ? Number.NaN : Number(text);
}

/**
 * An integer given as a number or a numeric string; any failure reports `key`. With `blank: true`,
 * empty text (and null) parses to undefined, for "empty means no change" fields.
 */
export function intField(
  key: MessageKey,
): z.ZodPipe<z.ZodUnion<[z.ZodNumber, z.ZodString]>, z.ZodTransform<number, string | number>>;
export function intField(
  key: MessageKey,
  options: { blank: true },
): z.ZodPipe<
  z.ZodOptional<z.ZodNullable<z.ZodUnion<[z.ZodNumber, z.ZodString]>>>,
  z.ZodTransform<number | undefined, string | number | null | undefined>
>;
export function intField(key: MessageKey, options: { blank?: boolean } = {}) {
  const input = z.union([z.number(key), z.string(key)], { error: key });
  const toInt = (value: string | number | null | undefined, ctx: z.RefinementCtx): number | undefined => {
    if (
      value === undefined ||
      value === null ||
      (typeof value === 'string' && value.trim() === '' && options.blank)
    ) {
      return undefined;
    }
    const n = toNumber(value);
    if (!Number.isInteger(n)) {
      ctx.addIssue({ code: 'custom', message: key, input: value });
      return z.NEVER;
    }
    return n;
  };
  return options.blank
    ? input.nullish().transform(toInt)
    : input.transform((value, ctx) => toInt(value, ctx) as number);
}

/** A finite number given as a number or a numeric string; any failure reports `key`. */
export function numberField(key: MessageKey) {
  return z.union([z.number(key), z.string(key)], { error: key }).transform((value, ctx): number => {
    const n = toNumber(value);
    if (!Number.isFinite(n)) {
      ctx.addIssue({ code: 'custom', message: key, input: value });
      return z.NEVER;
    }
    return n;
  });
}

/**
 * Every quota written through the API (user balance, token and redemption quotas, transfers): a non-negative
 * integer (number or numeric string) up to MAX_QUOTA. The quota options apply the same bounds to their text.
 */
export const QuotaSchema = intField(msg('common.quotaInvalid')).pipe(
  z.number().min(0, msg('common.quotaInvalid')).max(MAX_QUOTA, msg('common.quotaInvalid')),
);

/** A positive integer id (number or numeric string). */
export const IdSchema = intField(msg('common.invalidId')).pipe(z.number().min(1, msg('common.invalidId')));

/** A unix timestamp in seconds (number or numeric string), 0 or more. */
export const TimestampSchema = intField(msg('common.invalidTimestamp')).pipe(
  z.number().min(0, msg('common.invalidTimestamp')),
);

/** A boolean query flag: accepts booleans and the strings Go's ParseBool accepts. */
export const BoolFlagSchema = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'TRUE', 'FALSE', 'True', 'False', 't', 'f'])], {
    error: msg('common.invalidBoolean'),
  })
  .transform((value) =>
    typeof value === 'boolean' ? value : ['true', '1', 'TRUE', 'True', 't'].includes(value),
  );

/** Splits a comma-joined string (or takes a list), trims items and drops empty ones. */
export function splitList(value: string | readonly string[], separator: string | RegExp = ','): string[] {
  const items = typeof value === 'string' ? value.split(separator) : value;
  return items.map((item) => item.trim()).filter((item) => item !== '');
}

/** The items that occur more than once in a list. */
export function duplicates(items: readonly string[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const item of items) (seen.has(item) ? repeated : seen).add(item);
  return [...repeated];
}

/**
 * A list sent comma-joined (models, groups, model limits): accepts a comma-joined string or an array,
 * outputs the trimmed, comma-joined string. `duplicateKey` rejects repeated items.
 */
export function csvField(options: { duplicateKey?: MessageKey; requiredKey?: MessageKey } = {}) {
  return z
    .union([z.string(), z.array(z.string())], {
      // A missing list is "nothing selected", not a type mistake.
      error: (issue) =>
        issue.input === undefined && options.requiredKey ? options.requiredKey : msg('common.invalidList'),
    })
    .transform((value, ctx): string => {
      const items = splitList(value);
      if (options.requiredKey && items.length === 0) {
        ctx.addIssue({ code: 'custom', message: options.requiredKey, input: value });
        return z.NEVER;
      }
      const repeated = options.duplicateKey ? duplicates(items) : [];
      if (options.duplicateKey && repeated.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: options.duplicateKey,
          input: value,
          params: { items: repeated.join(',') },
        });
        return z.NEVER;
      }
      return items.join(',');
    });
}

/** Parses JSON text; undefined when it is not valid JSON. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/** True for a plain JSON object (not an array, not null). */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * JSON object text such as `model_mapping`: empty text is allowed, anything else must parse as a JSON
 * object (whose values pass `values`, when given). Outputs the trimmed text.
 */
export function jsonObjectText(key: MessageKey, values?: (value: unknown) => boolean) {
  return z
    .string(key)
    .trim()
    .refine((text) => {
      if (text === '') return true;
      const parsed = parseJson(text);
      return isJsonObject(parsed) && (!values || Object.values(parsed).every(values));
    }, key);
}

/**
 * Parses a JSON text field of an entity (user setting, channel other_info, log other) with `schema`;
 * empty or malformed text gives `schema`'s parse of `{}` instead of throwing.
 */
export function parseJsonText<T extends z.ZodType>(schema: T, text: string | null | undefined): z.output<T> {
  const parsed = schema.safeParse(text ? parseJson(text) : {});
  return parsed.success ? parsed.data : schema.parse({});
}

/** Removes trailing slashes from an address: `https://a.b/` becomes `https://a.b`. */
export function stripTrailingSlash(address: string): string {
  return address.trim().replace(/\/+$/, '');
}

/** Common list parameters: 1-based `page` and `pageSize` (1 to 100, default 10). */
export const ListParamsSchema = z.object({
  /** 1-based page number. */
  page: intField(msg('list.invalidPage'))
    .pipe(z.number().min(1, msg('list.invalidPage')))
    .default(1),
  /** Rows per page, 1 to 100. */
  pageSize: intField(msg('list.invalidPageSize'))
    .pipe(z.number().min(1, msg('list.invalidPageSize')).max(PAGE_SIZE_MAX, msg('list.invalidPageSize')))
    .default(PAGE_SIZE_DEFAULT),
});
/** Validated list parameters. */
export type ListParams = z.output<typeof ListParamsSchema>;

/** Time window filters in unix seconds, to spread into a list-params object. */
export const timeRangeShape = {
  /** Only rows at or after this unix time. */
  start_timestamp: TimestampSchema.optional(),
  /** Only rows at or before this unix time. */
  end_timestamp: TimestampSchema.optional(),
};

/** Adds the rule that `start_timestamp` must not be after `end_timestamp`. */
export function withTimeRange<T extends z.ZodType<{ start_timestamp?: number; end_timestamp?: number }>>(
  schema: T,
) {
  return schema.refine(
    (range) =>
      range.start_timestamp === undefined ||
      range.end_timestamp === undefined ||
      range.start_timestamp <= range.end_timestamp,
    { message: msg('common.timeRangeInvalid'), path: ['end_timestamp'] },
  );
}

/** The `{success, message, data}` envelope of the management API around `data`. */
export function envelopeSchema<T extends z.ZodType>(data: T) {
  return z.object({ success: z.boolean(), message: z.string().default(''), data: data.optional() });
}

/** The paged list shape `{items, total, page, page_size}` of users, logs and redemption codes. */
export function pagedDataSchema<T extends z.ZodType>(item: T) {
  return z.object({
    items: orDefault(z.array(item), []),
    total: z.number().default(0),
    page: z.number().default(1),
    page_size: z.number().default(10),
  });
}
