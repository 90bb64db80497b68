import { z } from 'zod';
import { shopConfigSchema, supportedLocales } from '../../domain/shop-config.ts';

type JsonSchema = {
  type?: string;
  properties?: Record<string, JsonSchema>;
  additionalProperties?: unknown;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  [key: string]: unknown;
};

/**
 * The shop config as a JSON Schema (2020-12) for editors (issue 24): with `"$schema"` pointing at
 * it, VS Code and others complete the settings and underline a typo as check-config would.
 * Generated from the zod schema the server validates with, so the two cannot drift; what a
 * JSON Schema cannot say (cross-field rules, §5's exact messages) stays check-config's.
 */
export function shopConfigJsonSchema(): JsonSchema {
  // input: what the owner writes, so settings with a default are optional
  const schema = z.toJSONSchema(shopConfigSchema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  closeObjects(schema);
  schema.title = 'Storefront shop config';
  schema.properties!.$schema = { type: 'string', description: 'Where editors find this schema, e.g. "./shop.config.schema.json"' };
  // refinements zod cannot express in JSON Schema, written out where they are a list of values
  const locale = schema.properties!.localeConfig!.properties!.defaultLocale!;
  locale.enum = [...supportedLocales];
  schema.properties!.themeConfig!.properties!.themeId!.enum = ['default'];
  return schema;
}

/** Objects with named settings take no others (zod strips unknown keys; check-config calls them mistakes). */
function closeObjects(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(closeObjects);
  if (typeof node !== 'object' || node === null) return;
  const schema = node as JsonSchema;
  if (schema.type === 'object' && schema.properties && schema.additionalProperties === undefined) schema.additionalProperties = false;
  Object.values(schema).forEach(closeObjects);
}
