import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { parse } from 'yaml';
import { repoRoot } from '../../../test/paths.ts';

type Schema = Record<string, unknown>;

/** Beside the repository (shared/meta); META_OPENAPI_FILE overrides it. */
export const metaOpenApiFile = process.env.META_OPENAPI_FILE ?? path.resolve(repoRoot, '../shared/meta/business-messaging-api_v23.0.yaml');

let loaded: { doc: Schema; schemas: Record<string, Schema> } | undefined;

/** Meta's OpenAPI file for the WhatsApp Business Platform, read once. */
export function metaOpenApi() {
  if (loaded) return loaded;
  const doc = parse(readFileSync(metaOpenApiFile, 'utf8')) as Schema;
  // Not part of OpenAPI: Meta's own grouping of parameters.
  delete (doc.components as Schema).parameterGroups;
  const schemas = structuredClone((doc.components as { schemas: Record<string, Schema> }).schemas);
  addCallbackData(schemas);
  for (const schema of Object.values(schemas)) mergeClosedAllOf(schema, schemas);
  loaded = { doc, schemas };
  return loaded;
}

/**
 * Meta's Cloud API reference documents `biz_opaque_callback_data` on POST /{phone-number-id}/messages
 * ("an arbitrary string, useful for tracking; included in the statuses object of the messages
 * webhook", at most 512 characters), but the v23.0 file lists it only on the calls endpoint and
 * closes every message kind with additionalProperties: false. It is added to the properties all
 * message kinds share, as the reference describes it, so a send that carries it is checked like
 * any other field.
 */
function addCallbackData(schemas: Record<string, Schema>): void {
  const base = schemas.BaseMessageProperties as { properties?: Record<string, unknown> } | undefined;
  if (base?.properties && !base.properties.biz_opaque_callback_data) {
    base.properties.biz_opaque_callback_data = { type: 'string', maxLength: 512, description: 'Echoed in the statuses of the message (messages webhook).' };
  }
}

const resolve = (s: Schema, schemas: Record<string, Schema>): Schema =>
  typeof s.$ref === 'string' && s.$ref.startsWith('#/components/schemas/') ? schemas[s.$ref.split('/').pop()!]! : s;

/**
 * Meta writes each message kind as allOf [BaseMessageProperties, { additionalProperties: false,
 * properties: { type, text } }]. Read literally, each member's additionalProperties:false refuses the
 * other member's fields, so no message at all could pass. We read it as intended: one closed object
 * with the members' properties (a property named twice must satisfy both) and required fields.
 */
function mergeClosedAllOf(node: unknown, schemas: Record<string, Schema>): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach((n) => mergeClosedAllOf(n, schemas));
  const s = node as Schema;
  for (const value of Object.values(s)) mergeClosedAllOf(value, schemas);
  if (!Array.isArray(s.allOf)) return;
  const members = (s.allOf as Schema[]).map((m) => resolve(m, schemas));
  const plain = members.every((m) => Object.keys(m).every((k) => ['type', 'properties', 'required', 'additionalProperties', 'description'].includes(k)));
  if (!plain || !members.some((m) => m.additionalProperties === false)) return;
  const properties: Record<string, unknown> = {};
  for (const m of members) {
    for (const [k, v] of Object.entries((m.properties as Schema | undefined) ?? {})) properties[k] = k in properties ? { allOf: [properties[k], v] } : v;
  }
  delete s.allOf;
  Object.assign(s, { type: 'object', properties, required: [...new Set(members.flatMap((m) => (m.required as string[] | undefined) ?? []))], additionalProperties: false });
}

let ajv: Ajv2020 | undefined;
const compiled = new Map<string, ValidateFunction>();

/** One validator instance holding Meta's components.schemas. */
function metaAjv(): Ajv2020 {
  if (!ajv) {
    ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, logger: false });
    addFormats.default(ajv);
    ajv.addSchema({ $id: 'meta', components: { schemas: metaOpenApi().schemas } });
  }
  return ajv;
}

/** A validator for one of components.schemas (JSON Schema 2020-12, as OpenAPI 3.1 says). */
export function metaSchema(name: string): ValidateFunction {
  const cached = compiled.get(name);
  if (cached) return cached;
  const validate = metaAjv().getSchema(`meta#/components/schemas/${name}`);
  if (!validate) throw new Error(`no schema ${name} in Meta's OpenAPI file`);
  compiled.set(name, validate);
  return validate;
}

/** The request examples of one path and method of Meta's file (name → body). */
export function metaExamples(apiPath: string, method: 'post' | 'get' = 'post'): Record<string, unknown> {
  const op = ((metaOpenApi().doc.paths as Schema)[apiPath] as Schema | undefined)?.[method] as Schema | undefined;
  const examples = ((op?.requestBody as Schema | undefined)?.content as Record<string, Schema> | undefined)?.['application/json']?.examples as
    | Record<string, { value: unknown }>
    | undefined;
  return Object.fromEntries(Object.entries(examples ?? {}).map(([k, v]) => [k, v.value]));
}

/** A validator for the answer Meta's file documents for one path, method and status. */
export function metaResponseSchema(apiPath: string, method: 'get' | 'post' = 'get', status = '200'): ValidateFunction {
  const op = ((metaOpenApi().doc.paths as Schema)[apiPath] as Schema | undefined)?.[method] as Schema | undefined;
  const schema = ((((op?.responses as Schema | undefined)?.[status] as Schema | undefined)?.content as Record<string, Schema> | undefined)?.['application/json'])?.schema;
  if (!schema) throw new Error(`no ${status} answer for ${method.toUpperCase()} ${apiPath} in Meta's OpenAPI file`);
  return metaAjv().compile(schema);
}
