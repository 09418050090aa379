import { z } from 'zod';
import type { Locale } from './locale.ts';
import { fillWords } from './notices.ts';
import { freeText } from './text.ts';
import { jsonField, suggestColumns, type ImportPreview } from './csv-import.ts';
import { httpUrlPattern } from './training-files.ts';
import { importTargets } from './constants.ts';

export const productLimits = { name: 200, description: 4000, sku: 64, url: 1000, attributes: 30, attrKey: 60, attrValue: 500, importRows: 20_000 } as const;

/** An exact decimal amount as text: "18500", "18500.5", "18500.50". */
export const priceSchema = z.string().trim().regex(/^\d{1,12}(\.\d{1,2})?$/, { error: 'price' });
export const currencySchema = z.string().trim().toUpperCase().regex(/^[A-Z]{3}$/, { error: 'currency' });
const optionalUrl = freeText(productLimits.url).refine((v) => v === '' || httpUrlPattern.test(v), { error: 'url' });

const productFields = {
  name: freeText(productLimits.name).min(1),
  description: freeText(productLimits.description),
  price: priceSchema.nullable(),
  currency: currencySchema,
  sku: freeText(productLimits.sku),
  stock: z.number().int().min(0).max(1_000_000_000).nullable(),
  url: optionalUrl,
  image_url: optionalUrl,
  attributes: z
    .record(freeText(productLimits.attrKey).min(1), freeText(productLimits.attrValue))
    .refine((a) => Object.keys(a).length <= productLimits.attributes, { error: 'too_many' }),
};

export const createProductBody = z.strictObject({
  botId: z.uuid(),
  ...productFields,
  description: productFields.description.default(''),
  price: productFields.price.default(null),
  currency: productFields.currency.default('MXN'),
  sku: productFields.sku.default(''),
  stock: productFields.stock.default(null),
  url: productFields.url.default(''),
  image_url: productFields.image_url.default(''),
  attributes: productFields.attributes.default({}),
});
export type CreateProductBody = z.infer<typeof createProductBody>;

export const updateProductBody = z.strictObject(productFields).partial();
export type UpdateProductBody = z.infer<typeof updateProductBody>;

export const product = z.object({
  id: z.uuid(),
  bot_id: z.uuid(),
  name: z.string(),
  description: z.string(),
  price: z.string().nullable(),
  currency: z.string(),
  sku: z.string(),
  stock: z.number().int().nullable(),
  url: z.string(),
  image_url: z.string(),
  attributes: z.record(z.string(), z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Product = z.infer<typeof product>;

export const productListQuery = z.strictObject({
  q: freeText(200).optional(),
  in_stock: z.enum(['true', 'false']).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export const productListResponse = z.object({ items: z.array(product), total: z.number().int() });
export type ProductListResponse = z.infer<typeof productListResponse>;
export const productIdParams = z.strictObject({ productId: z.uuid() });
export const productBotParams = z.strictObject({ botId: z.uuid() });
export const productResponse = z.object({ ok: z.literal(true), product });
export type ProductResponse = z.infer<typeof productResponse>;

export type ImportTarget = (typeof importTargets)[number];
/** Column → target field, or "attribute" to keep it as a free attribute, or "ignore". */
export const importMapping = z.record(freeText(200, { trim: false }), z.union([z.enum(importTargets), z.literal('attribute'), z.literal('ignore')]));
export type ImportMapping = z.infer<typeof importMapping>;

/** The text fields of POST /api/products/import/preview (multipart; the file is the `file` part). */
export const importPreviewFields = z.strictObject({ botId: z.uuid(), mapping: jsonField(importMapping).optional() });
/** The text fields of POST /api/products/import: the column mapping (JSON) is required. */
export const importFields = z.strictObject({ botId: z.uuid(), mapping: jsonField(importMapping) });

export type ImportPreviewResponse = Omit<ImportPreview, 'mapping'> & { mapping: ImportMapping };

/** Why a row of a product import was skipped; `{value}` is what the row held. */
const importRowProblems = {
  NAME_MISSING: { es: 'Falta el nombre.', en: 'The name is missing.' },
  PRICE_INVALID: { es: 'Precio no válido: "{value}".', en: 'Invalid price: "{value}".' },
  STOCK_INVALID: { es: 'Existencias no válidas: "{value}".', en: 'Invalid stock: "{value}".' },
  SKU_REPEATED: { es: 'SKU repetido en el archivo: {value}.', en: 'SKU repeated in the file: {value}.' },
} as const satisfies Record<string, Record<Locale, string>>;
export type ImportRowProblem = keyof typeof importRowProblems;

export const importRowProblem = (code: ImportRowProblem, locale: Locale, value = ''): string => fillWords(importRowProblems[code][locale], { value });


const hints: (readonly [ImportTarget, RegExp])[] = [
  ['name', /^(nombre|producto|articulo|modelo|titulo|name|product|title|item)\b/],
  ['description', /^(descripcion|detalle|description|details)/],
  ['price', /^(precio|costo|price|cost|importe|renta|valor)/],
  ['currency', /^(moneda|divisa|currency)/],
  ['sku', /^(sku|codigo|clave|code|id)$/],
  ['stock', /^(stock|existencia|inventario|cantidad|disponible|qty|quantity)/],
  ['url', /^(url|enlace|link|liga)/],
  ['image_url', /^(imagen|foto|image|photo|picture)/],
];

/** The mapping the import screen starts with, guessed from the column names. */
export function suggestMapping(columns: string[]): ImportMapping {
  return suggestColumns(columns, hints, 'attribute');
}
