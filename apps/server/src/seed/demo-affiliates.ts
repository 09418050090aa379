import { randomBytes } from 'node:crypto';
import type { Db } from '../db/client.ts';
import type { AffiliatesService } from '../modules/affiliates/affiliates.module.ts';
import { hashPassword, insertUserIn } from '../modules/auth/index.ts';

/** Clinics the demo account brought to Charla (level 1) and one they brought in turn (level 2). */
export const demoReferred = {
  level1: [
    { name: 'Paola Méndez', email: 'paola@consultoriodelvalle.mx' },
    { name: 'Luna Estética', email: 'hola@esteticaluna.mx' },
  ],
  level2: [{ name: 'Ortodoncia Roma', email: 'contacto@ortodonciaroma.mx' }],
} as const;

/**
 * The demo account in the affiliate program: its referred accounts (who cannot sign in: their
 * passwords are random), commissions on their last months' invoices and last statement paid.
 */
export async function seedDemoAffiliates(db: Db, affiliates: Pick<AffiliatesService, 'seedDemo'>, ownerId: string, now: Date): Promise<void> {
  const create = async (people: readonly { name: string; email: string }[]) => {
    const ids: string[] = [];
    for (const p of people) {
      const row = await insertUserIn(db, { name: p.name, email: p.email, passwordHash: await hashPassword(randomBytes(24).toString('base64url')), membershipType: 'Pro' });
      if (row) ids.push(row.id);
    }
    return ids;
  };
  await affiliates.seedDemo(ownerId, { level1: await create(demoReferred.level1), level2: await create(demoReferred.level2) }, now);
}
