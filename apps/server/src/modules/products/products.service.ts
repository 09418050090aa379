import type {
  importTargets} from '@charla/shared';
import {
  importRowProblem,
  parsePrice,
  productLimits,
  suggestMapping,
  type CreateProductBody,
  type ImportMapping,
  type ImportResult,
  type Locale,
  type Product,
  type UpdateProductBody,
} from '@charla/shared';
import { AppError } from '../../lib/errors.ts';
import type { UserRow } from '../auth/index.ts';
import type { AuditService } from '../audit/audit.module.ts';
import type { AccessService } from '../access/access.module.ts';
import { importPreview, readImportCsv } from '../../lib/csv-import.ts';
import { tsConfigOf, type ChunkInput } from '../training/index.ts';
import type { NewProduct, ProductRow, ProductsRepository } from './products.repository.ts';

export function toProduct(row: ProductRow): Product {
  return {
    id: row.id,
    bot_id: row.botId,
    name: row.name,
    description: row.description,
    price: row.price,
    currency: row.currency,
    sku: row.sku,
    stock: row.stock,
    url: row.url,
    image_url: row.imageUrl,
    attributes: row.attributes,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

const formats = new Map<string, Intl.NumberFormat>();
const money = (amount: string, currency: string) => {
  let format = formats.get(currency);
  if (!format) {
    format = new Intl.NumberFormat('es-MX', { style: 'currency', currency, currencyDisplay: 'narrowSymbol' });
    formats.set(currency, format);
  }
  return `${format.format(Number(amount))} ${currency}`;
};

/** The passage a product is found by: every fact a customer may ask about, with its label. */
export function productChunk(row: ProductRow): ChunkInput {
  const price = row.price === null ? undefined : money(row.price, row.currency);
  const parts = [
    `Producto: ${row.name}`,
    price && `Precio: ${price}`,
    row.sku && `SKU: ${row.sku}`,
    row.stock !== null && (row.stock > 0 ? `Disponibles: ${row.stock}` : 'Agotado'),
    row.description && `Descripción: ${row.description}`,
    ...Object.entries(row.attributes).map(([k, v]) => `${k}: ${v}`),
    row.url && `Enlace: ${row.url}`,
  ].filter(Boolean);
  return { heading: row.name, text: parts.join('; ') };
}

export function productsService(repo: ProductsRepository, access: AccessService, audit?: Pick<AuditService, 'record'>) {
  async function editable(caller: UserRow, productId: string) {
    const row = await repo.find(productId);
    if (!row) throw new AppError('NOT_FOUND');
    const bot = await access.requireWrite(caller, row.botId, 'products');
    return { row, bot, config: tsConfigOf(bot.language) };
  }

  const readCsv = (bytes: Buffer) => readImportCsv(bytes, productLimits.importRows);

  return {
    /** Checks the caller may change this bot's catalog before a file is read. */
    async assertEditable(caller: UserRow, botId: string): Promise<void> {
      await access.requireWrite(caller, botId, 'products');
    },

    async list(caller: UserRow, botId: string, query: { q?: string; in_stock?: 'true' | 'false'; limit: number; offset: number }) {
      await access.requireRead(caller, botId, 'products');
      const inStock = query.in_stock === undefined ? undefined : query.in_stock === 'true';
      const { items, total } = await repo.list(botId, { q: query.q, inStock, limit: query.limit, offset: query.offset });
      return { items: items.map(toProduct), total };
    },

    async create(caller: UserRow, body: CreateProductBody): Promise<Product> {
      const bot = await access.requireWrite(caller, body.botId, 'products');
      const row = await repo.insert(
        {
          botId: body.botId,
          name: body.name,
          description: body.description,
          price: body.price,
          currency: body.currency,
          sku: body.sku,
          stock: body.stock,
          url: body.url,
          imageUrl: body.image_url,
          attributes: body.attributes,
        },
        tsConfigOf(bot.language),
        productChunk,
      );
      if (row === 'sku_taken') throw new AppError('SKU_TAKEN', { sku: 'SKU_TAKEN' });
      return toProduct(row);
    },

    async update(caller: UserRow, productId: string, body: UpdateProductBody): Promise<Product> {
      const { row, config } = await editable(caller, productId);
      if (body.sku && (await repo.skuTaken(row.botId, body.sku, productId))) throw new AppError('SKU_TAKEN', { sku: 'SKU_TAKEN' });
      const { image_url, ...rest } = body;
      const patch: Partial<NewProduct> = { ...rest, ...(image_url !== undefined ? { imageUrl: image_url } : {}) };
      const updated = await repo.update(productId, patch, config, productChunk);
      if (!updated) throw new AppError('NOT_FOUND');
      return toProduct(updated);
    },

    async remove(caller: UserRow, productId: string): Promise<void> {
      const { row, bot } = await editable(caller, productId);
      if (!(await repo.remove(productId))) throw new AppError('NOT_FOUND');
      await audit?.record({ accountId: bot.userId, actor: caller, action: 'product.deleted', target: { type: 'product', id: productId }, details: { bot_name: bot.botName, product_name: row.name } });
    },

    async preview(caller: UserRow, botId: string, bytes: Buffer) {
      await access.requireWrite(caller, botId, 'products');
      const csv = readCsv(bytes);
      return importPreview(csv, suggestMapping(csv.columns));
    },

    /** Imports a catalog CSV with the owner's column mapping; bad rows are reported, the rest imported. */
    async import(caller: UserRow, botId: string, bytes: Buffer, mapping: ImportMapping, locale: Locale): Promise<ImportResult> {
      const bot = await access.requireWrite(caller, botId, 'products');
      if (!Object.values(mapping).includes('name')) throw new AppError('VALIDATION_FAILED', { mapping: 'VALIDATION_FAILED' });
      const csv = readCsv(bytes);
      const errors: ImportResult['errors'] = [];
      const rows: NewProduct[] = [];
      const seenSku = new Set<string>();
      csv.rows.forEach((raw, i) => {
        const rowNumber = i + 2; // the header is row 1
        const fields: Partial<Record<(typeof importTargets)[number], string>> = {};
        const attributes: Record<string, string> = {};
        for (const [column, value] of Object.entries(raw)) {
          const target = mapping[column] ?? 'ignore';
          const v = value.trim();
          if (target === 'ignore' || !v) continue;
          if (target === 'attribute') {
            if (Object.keys(attributes).length < productLimits.attributes) attributes[column.slice(0, productLimits.attrKey)] = v.slice(0, productLimits.attrValue);
          } else fields[target] = v;
        }
        const name = fields.name?.slice(0, productLimits.name);
        if (!name) return errors.push({ row: rowNumber, message: importRowProblem('NAME_MISSING', locale) });
        const price = fields.price === undefined ? null : parsePrice(fields.price);
        if (price === undefined) return errors.push({ row: rowNumber, message: importRowProblem('PRICE_INVALID', locale, fields.price) });
        const stock = fields.stock === undefined ? null : Number(fields.stock.replace(/[,\s]/g, ''));
        if (stock !== null && !(Number.isInteger(stock) && stock >= 0)) {
          return errors.push({ row: rowNumber, message: importRowProblem('STOCK_INVALID', locale, fields.stock) });
        }
        const currency = (fields.currency ?? 'MXN').toUpperCase();
        const sku = (fields.sku ?? '').slice(0, productLimits.sku);
        if (sku && seenSku.has(sku)) return errors.push({ row: rowNumber, message: importRowProblem('SKU_REPEATED', locale, sku) });
        if (sku) seenSku.add(sku);
        const url = (u: string | undefined) => (u && /^https?:\/\//i.test(u) ? u.slice(0, productLimits.url) : '');
        rows.push({
          botId,
          name,
          description: (fields.description ?? '').slice(0, productLimits.description),
          price,
          currency: /^[A-Z]{3}$/.test(currency) ? currency : 'MXN',
          sku,
          stock,
          url: url(fields.url),
          imageUrl: url(fields.image_url),
          attributes,
        });
      });
      const { created, updated } = await repo.importBatch(botId, tsConfigOf(bot.language), rows, productChunk);
      return { created, updated, skipped: errors.length, errors: errors.slice(0, 100) };
    },
  };
}

export type ProductsService = ReturnType<typeof productsService>;
