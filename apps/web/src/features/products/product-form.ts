import type { CreateProductBody, Product, UpdateProductBody } from '@charla/shared';
import { priceForServer } from './price.ts';

export interface AttributeRow {
  id: number;
  key: string;
  value: string;
}

/** What the product dialog edits: text as typed, attributes as rows. */
export interface ProductFormValues {
  name: string;
  description: string;
  price: string;
  currency: string;
  sku: string;
  stock: string;
  url: string;
  image_url: string;
  attributes: AttributeRow[];
}

let rowId = 0;
export const attributeRow = (key = '', value = ''): AttributeRow => ({ id: ++rowId, key, value });

export function emptyProductForm(): ProductFormValues {
  return { name: '', description: '', price: '', currency: 'MXN', sku: '', stock: '', url: '', image_url: '', attributes: [] };
}

export function productFormFrom(product: Product): ProductFormValues {
  return {
    name: product.name,
    description: product.description,
    price: product.price ?? '',
    currency: product.currency,
    sku: product.sku,
    stock: product.stock === null ? '' : String(product.stock),
    url: product.url,
    image_url: product.image_url,
    attributes: Object.entries(product.attributes).map(([key, value]) => attributeRow(key, value)),
  };
}

export type FormProblem = 'required' | 'stock' | 'attributeKey' | 'attributeDuplicate';

/** Field (or `attributes.{rowId}`) → problem, for what can be told before asking the server. */
export function formProblems(values: ProductFormValues): Record<string, FormProblem> {
  const problems: Record<string, FormProblem> = {};
  if (!values.name.trim()) problems.name = 'required';
  if (values.stock.trim() && !/^\d+$/.test(values.stock.trim().replace(/[,\s]/g, ''))) problems.stock = 'stock';
  const seen = new Set<string>();
  for (const row of values.attributes) {
    const key = row.key.trim();
    if (!key && row.value.trim()) problems[`attributes.${row.id}`] = 'attributeKey';
    else if (key && seen.has(key.toLowerCase())) problems[`attributes.${row.id}`] = 'attributeDuplicate';
    if (key) seen.add(key.toLowerCase());
  }
  return problems;
}

function attributesOf(rows: readonly AttributeRow[]): Record<string, string> {
  return Object.fromEntries(rows.filter((row) => row.key.trim()).map((row) => [row.key.trim(), row.value.trim()]));
}

function stockOf(stock: string): number | null {
  const digits = stock.trim().replace(/[,\s]/g, '');
  return digits ? Number(digits) : null;
}

/** Every field, for PATCH; the server checks each one. */
export function updateBody(values: ProductFormValues): Required<UpdateProductBody> {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    price: priceForServer(values.price),
    currency: values.currency.trim().toUpperCase() || 'MXN',
    sku: values.sku.trim(),
    stock: stockOf(values.stock),
    url: values.url.trim(),
    image_url: values.image_url.trim(),
    attributes: attributesOf(values.attributes),
  };
}

export function createBody(botId: string, values: ProductFormValues): CreateProductBody {
  return { botId, ...updateBody(values) };
}

/**
 * Server field errors placed on the form: "attributes.Color" goes to the row whose key is Color;
 * anything about attributes that names no row goes to the attributes section.
 */
export function placeServerErrors(fields: Readonly<Record<string, string>>, values: ProductFormValues): Record<string, string> {
  const placed: Record<string, string> = {};
  for (const [field, message] of Object.entries(fields)) {
    if (!field.startsWith('attributes')) {
      placed[field] = message;
      continue;
    }
    const key = field.slice('attributes.'.length);
    const row = key ? values.attributes.find((candidate) => candidate.key.trim() === key) : undefined;
    if (row) placed[`attributes.${row.id}`] = message;
    else placed.attributes ??= message;
  }
  return placed;
}
