import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, signUp } from '../../test/accounts.ts';
import { createTestApp, engines, type TestApp } from '../../test/harness.ts';
import { users } from '../auth/auth.table.ts';

describe.each(engines)('the admin console on %s', (dbEngine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dbEngine);
  });
  afterAll(() => t?.close());

  it("answers the service's state to the main admin account only", async () => {
    expect((await t.app.inject('/api/admin/status')).statusCode).toBe(401);
    const owner = await signUp(t);
    const refused = await as(t, owner)({ method: 'GET', url: '/api/admin/status', headers: { 'accept-language': 'es' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ error: { code: 'FORBIDDEN', message: 'No tienes permiso para hacer esto.' } });

    const admin = await signUp(t);
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.id, admin.userId));
    const res = await as(t, admin)({ method: 'GET', url: '/api/admin/status' });
    expect(res.statusCode).toBe(200);
    const status = res.json();
    expect(status).toMatchObject({ database: { engine: dbEngine === 'pglite' ? 'pglite' : 'postgres', migrations: 'applied' }, engine: { name: 'scripted', model: null } });
    expect(Date.parse(status.checked_at)).toBeGreaterThanOrEqual(Date.parse(status.started_at));
  });
});
