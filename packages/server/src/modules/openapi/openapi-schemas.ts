import * as sdk from '@switchboard/sdk';
import { z } from 'zod';

/** A JSON Schema (2020-12) object, as OpenAPI 3.1 embeds it. */
export type JsonSchema = Record<string, unknown>;

/** One OpenAPI parameter object. */
export interface Parameter {
  name: string;
  in: 'query' | 'path' | 'header';
  required: boolean;
  description?: string;
  schema: JsonSchema;
}

// Every zod schema the SDK exports under a `…Schema` name becomes a named component; the rest inline.
const NAMES = new Map<z.ZodType, string>(
  Object.entries(sdk).flatMap(([key, value]) =>
    key.endsWith('Schema') && value instanceof z.ZodType
      ? [[value, key.slice(0, -'Schema'.length)] as const]
      : [],
  ),
);

/**
 * Converts SDK zod schemas to JSON Schema and collects the named ones under `components.schemas`.
 * Every schema is rendered as the JSON it accepts (`io: 'input'`): request schemas validate what the
 * client sends and entity schemas parse what the server answers, so the input side is the wire format
 * in both directions (the output side holds parsed values, e.g. defaults filled in).
 */
export class SchemaRegistry {
  /** `components.schemas`, filled as schemas are referenced. */
  readonly components: Record<string, JsonSchema> = {};

  /** A `$ref` to the named component of `schema`, or the schema inline when the SDK does not name it. */
  ref(schema: z.ZodType): JsonSchema {
    const name = NAMES.get(schema);
    if (!name) return this.#convert(schema, 'Inline');
    if (!this.components[name]) {
      this.components[name] = {}; // claims the name first so a self-reference cannot recurse
      this.components[name] = this.#convert(schema, name);
    }
    return { $ref: `#/components/schemas/${name}` };
  }

  /** The schema's properties as query parameters (`skip` names the client-side paging keys). */
  queryParameters(schema: z.ZodType, skip: ReadonlySet<string> = new Set()): Parameter[] {
    const json = this.#convert(schema, 'Query');
    const properties = (json['properties'] ?? {}) as Record<string, JsonSchema>;
    const required = new Set((json['required'] ?? []) as string[]);
    return Object.entries(properties)
      .filter(([name]) => !skip.has(name))
      .map(([name, property]) => ({ name, in: 'query', required: required.has(name), schema: property }));
  }

  #hoisted = 0;

  #convert(schema: z.ZodType, owner: string): JsonSchema {
    const json = z.toJSONSchema(schema, {
      io: 'input',
      target: 'draft-2020-12',
      unrepresentable: 'any',
    }) as JsonSchema;
    delete json['$schema'];
    const defs = json['$defs'] as Record<string, JsonSchema> | undefined;
    if (!defs) return json;
    // `#/$defs/…` would resolve against the OpenAPI document's root: move them into components.
    delete json['$defs'];
    const prefix = `${owner}_${this.#hoisted++}_`;
    const relink = (value: JsonSchema): JsonSchema =>
      JSON.parse(
        Object.keys(defs).reduce(
          (text, key) => text.replaceAll(`"#/$defs/${key}"`, `"#/components/schemas/${prefix}${key}"`),
          JSON.stringify(value),
        ),
      ) as JsonSchema;
    for (const [key, def] of Object.entries(defs)) this.components[prefix + key] = relink(def);
    return relink(json);
  }
}
