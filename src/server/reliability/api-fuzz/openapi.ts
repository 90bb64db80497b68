import { z } from 'zod';

/**
 * The operations of the app's OpenAPI document (GET /api/docs) as the fuzzer reads them,
 * and whether a value satisfies one of its JSON schemas.
 */

// The JSON schemas of the document (OpenAPI 3.1: JSON Schema 2020-12), the part the routes use

export type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  items?: Schema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  multipleOf?: number;
  anyOf?: Schema[];
  oneOf?: Schema[];
  nullable?: boolean;
  default?: unknown;
  description?: string;
};
const KNOWN_KEYWORDS = new Set<string>([
  'type',
  'properties',
  'required',
  'additionalProperties',
  'items',
  'minItems',
  'maxItems',
  'minLength',
  'maxLength',
  'pattern',
  'format',
  'enum',
  'const',
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'anyOf',
  'oneOf',
  'nullable',
  'default',
  'description',
]);

export type Param = { name: string; in: 'path' | 'query' | 'header'; required: boolean; schema: Schema };
export type Operation = {
  id: string;
  method: string;
  path: string;
  params: Param[];
  body: { schema: Schema; required: boolean } | undefined;
  /** Response schemas by status code, where the route declares one. */
  responses: Record<string, Schema>;
  owner: boolean;
};

export type OpenApiDocument = {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<
    string,
    Record<
      string,
      {
        parameters?: Param[];
        requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> };
        responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
      }
    >
  >;
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

/** The document's operations; an unknown schema keyword fails here, so the converter grows with the routes. */
export function operationsOf(doc: OpenApiDocument): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.includes(method)) continue;
      const id = `${method.toUpperCase()} ${path}`;
      const params = (op.parameters ?? []).map((p) => ({ ...p, required: p.required ?? false }));
      const content = op.requestBody?.content;
      if (content && Object.keys(content).some((type) => type !== 'application/json'))
        throw new Error(`${id}: a request body that is not JSON (${Object.keys(content).join(', ')})`);
      const body = content?.['application/json'] ? { schema: content['application/json'].schema, required: op.requestBody?.required ?? false } : undefined;
      const responses: Record<string, Schema> = {};
      for (const [status, response] of Object.entries(op.responses)) {
        const schema = response.content?.['application/json']?.schema;
        if (schema) responses[status] = schema;
      }
      for (const schema of [...params.map((p) => p.schema), ...(body ? [body.schema] : [])]) assertSupported(schema, id);
      ops.push({ id, method: method.toUpperCase(), path, params, body, responses, owner: path.startsWith('/admin/api/') });
    }
  }
  return ops;
}

function assertSupported(schema: Schema, where: string) {
  for (const key of Object.keys(schema)) if (!KNOWN_KEYWORDS.has(key)) throw new Error(`${where}: the fuzzer does not know the schema keyword "${key}"`);
  if (schema.format && !['date', 'date-time', 'email', 'uri'].includes(schema.format))
    throw new Error(`${where}: the fuzzer does not know the format "${schema.format}"`);
  for (const child of [...Object.values(schema.properties ?? {}), ...(schema.items ? [schema.items] : []), ...(schema.anyOf ?? []), ...(schema.oneOf ?? [])])
    assertSupported(child, where);
  if (typeof schema.additionalProperties === 'object') assertSupported(schema.additionalProperties, where);
}

/** Whether a value satisfies a schema of the document: zod's JSON Schema reader is the oracle. */
const compiled = new WeakMap<Schema, z.ZodType>();
export function satisfies(schema: Schema, value: unknown): boolean {
  let check = compiled.get(schema);
  if (!check) {
    check = z.fromJSONSchema(schema as z.core.JSONSchema.JSONSchema);
    compiled.set(schema, check);
  }
  return check.safeParse(value).success;
}
