import { and, asc, eq, inArray, isNotNull, gt, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { chunks } from '../training/training.table.ts';
import { changingPassages, indexProducts, type ChunkInput, type TsConfig, searchText } from '../training/index.ts';
import { products } from './products.table.ts';

export type ProductRow = typeof products.$inferSelect;
export type NewProduct = typeof products.$inferInsert;

const BATCH = 500;

/** The only code that reads and writes the catalog; each product's passage is indexed by training in the same transaction. */
export function productsRepository(db: Db) {
  type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
  async function writeChunks(tx: Tx, botId: string, config: TsConfig, rows: ProductRow[], chunkOf: (p: ProductRow) => ChunkInput) {
    await indexProducts(tx, botId, config, rows.map((r) => ({ productId: r.id, chunk: chunkOf(r) })));
  }

  return {
    async find(id: string): Promise<ProductRow | undefined> {
      const [row] = await db.select().from(products).where(eq(products.id, id)).limit(1);
      return row;
    },

    /** The picture of one product of the bot ('' when it has none). */
    async imageOf(botId: string, id: string): Promise<string | undefined> {
      const [row] = await db
        .select({ imageUrl: products.imageUrl })
        .from(products)
        .where(and(eq(products.botId, botId), eq(products.id, id)))
        .limit(1);
      return row?.imageUrl || undefined;
    },

    async list(botId: string, opts: { q?: string; inStock?: boolean; limit: number; offset: number }) {
      const filters: SQL[] = [eq(products.botId, botId)];
      if (opts.inStock === true) filters.push(or(sql`${products.stock} is null`, gt(products.stock, 0))!);
      if (opts.inStock === false) filters.push(and(isNotNull(products.stock), eq(products.stock, 0))!);
      const needle = opts.q ? searchText(opts.q) : '';
      if (needle) {
        filters.push(
          sql`exists (select 1 from ${chunks} c where c.product_id = ${products.id} and c.search_text like ${`%${needle.replace(/[%_]/g, '')}%`})`,
        );
      }
      const where = and(...filters);
      const [items, [count]] = await Promise.all([
        db.select().from(products).where(where).orderBy(asc(products.name), asc(products.id)).limit(opts.limit).offset(opts.offset),
        db.select({ n: sql<number>`count(*)::int` }).from(products).where(where),
      ]);
      return { items, total: Number(count?.n ?? 0) };
    },

    async insert(product: NewProduct, config: TsConfig, chunkOf: (p: ProductRow) => ChunkInput): Promise<ProductRow | 'sku_taken'> {
      return changingPassages(() =>
        db.transaction(async (tx) => {
          const [row] = await tx.insert(products).values(product).onConflictDoNothing().returning();
          if (!row) return 'sku_taken' as const;
          await writeChunks(tx, product.botId, config, [row], chunkOf);
          return row;
        }),
      );
    },

    async update(id: string, patch: Partial<NewProduct>, config: TsConfig, chunkOf: (p: ProductRow) => ChunkInput) {
      return changingPassages(() =>
        db.transaction(async (tx) => {
          const [row] = await tx.update(products).set({ ...patch, updatedAt: new Date() }).where(eq(products.id, id)).returning();
          if (row) await writeChunks(tx, row.botId, config, [row], chunkOf);
          return row;
        }),
      );
    },

    async skuTaken(botId: string, sku: string, exceptId: string): Promise<boolean> {
      if (!sku) return false;
      const [row] = await db
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.botId, botId), eq(products.sku, sku), sql`${products.id} <> ${exceptId}`))
        .limit(1);
      return Boolean(row);
    },

    async remove(id: string): Promise<boolean> {
      const rows = await changingPassages(() => db.delete(products).where(eq(products.id, id)).returning({ id: products.id }));
      return rows.length > 0;
    },

    /**
     * Imports rows in batches, each batch one transaction: rows with a SKU update the product
     * with that SKU or create it; rows without one are created. Answers how many were created.
     */
    async importBatch(botId: string, config: TsConfig, rows: NewProduct[], chunkOf: (p: ProductRow) => ChunkInput) {
      let created = 0;
      let updated = 0;
      for (let i = 0; i < rows.length; i += BATCH) {
        const batch = rows.slice(i, i + BATCH);
        await changingPassages(() => db.transaction(async (tx) => {
          const withSku = batch.filter((r) => r.sku);
          const existing = withSku.length
            ? new Set(
                (
                  await tx
                    .select({ sku: products.sku })
                    .from(products)
                    .where(and(eq(products.botId, botId), inArray(products.sku, withSku.map((r) => r.sku!))))
                ).map((r) => r.sku),
              )
            : new Set<string>();
          const written: ProductRow[] = [];
          if (withSku.length) {
            written.push(
              ...(await tx
                .insert(products)
                .values(withSku)
                .onConflictDoUpdate({
                  target: [products.botId, products.sku],
                  targetWhere: sql`sku <> ''`,
                  set: {
                    name: sql`excluded.name`,
                    description: sql`excluded.description`,
                    price: sql`excluded.price`,
                    currency: sql`excluded.currency`,
                    stock: sql`excluded.stock`,
                    url: sql`excluded.url`,
                    imageUrl: sql`excluded.image_url`,
                    attributes: sql`excluded.attributes`,
                    updatedAt: sql`now()`,
                  },
                })
                .returning()),
            );
          }
          const withoutSku = batch.filter((r) => !r.sku);
          if (withoutSku.length) written.push(...(await tx.insert(products).values(withoutSku).returning()));
          for (let j = 0; j < written.length; j += BATCH) await writeChunks(tx, botId, config, written.slice(j, j + BATCH), chunkOf);
          const wasUpdate = withSku.filter((r) => existing.has(r.sku!)).length;
          updated += wasUpdate;
          created += batch.length - wasUpdate;
        }));
      }
      return { created, updated };
    },
  };
}

export type ProductsRepository = ReturnType<typeof productsRepository>;
