import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConversationList, ConversationMessagesPage } from '@charla/shared';
import { metaTestApp, postWebhook, until, waMessagePayload, wamid, whatsappBot, APP_ID, APP_SECRET, VERIFY_TOKEN, type MetaTestApp } from '../channels/meta/test-support/meta-test-app.ts';
import { makePdf } from '../modules/training/extract/test-support/make-pdf.ts';
import { s3Storage } from '../lib/s3-storage.ts';
import { appOn, createPeerApp, engines, type TestApp } from './harness.ts';
import { multipart } from './multipart.ts';
import { startLocalS3, type LocalS3 } from './s3-server.ts';
import { scriptedEngine } from './scripted-engine.ts';

/** Every file under a data folder, as paths inside it. */
const filesUnder = (dir: string) => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));

/**
 * Two servers on one database and one S3 bucket, each with its own data folder, as on two
 * machines: `a` runs the jobs, `b` answers HTTP only (ROLE=api). A file kept through one is
 * served or read by the other.
 */
describe.each(engines)('files shared by two servers through S3 on %s', (dbEngine) => {
  let s3: LocalS3;
  let m: MetaTestApp;
  let b: TestApp;

  beforeAll(async () => {
    s3 = await startLocalS3();
    // Meta's CDN is the fake Graph server on loopback: only tests let the download reach it.
    m = await metaTestApp(dbEngine, { ...s3.env, TRAINING_ALLOW_PRIVATE_URLS: 'true' }, scriptedEngine(() => ({ replies: [] })));
    const env = { ...s3.env, ROLE: 'api', META_APP_SECRET: APP_SECRET, META_VERIFY_TOKEN: VERIFY_TOKEN, META_APP_ID: APP_ID, META_GRAPH_URL: m.graph.url };
    // PGlite is one process's database: the second app shares its one session.
    b = dbEngine === 'postgres' ? await createPeerApp(m.t.url!, env) : await appOn(m.t.database, async () => undefined, env);
  }, 180_000);
  afterAll(async () => {
    await b?.close();
    await m?.close();
    await s3?.close();
  });

  it('serves a photo a customer sent through the other server, from the bucket and never from a data folder', async () => {
    const { botId, owner, api, phoneNumberId } = await whatsappBot(m.t);
    const photo = randomBytes(300 * 1024);
    m.graph.media.set('7001', { bytes: photo, mime: 'image/jpeg' });
    const delivery = waMessagePayload(phoneNumberId, `521${String(Date.now()).slice(-10)}`, { id: wamid(), timestamp: String(Math.floor(Date.now() / 1000)), type: 'image', image: { id: '7001', mime_type: 'image/jpeg' } });
    expect((await postWebhook(m.t, delivery)).statusCode).toBe(200);
    const list = await until(async () => (await api({ method: 'GET', url: `/api/conversations?botId=${botId}` })).json() as ConversationList, (l) => l.items.length === 1);
    const id = list.items[0]!.id;
    const page = await until(async () => (await api({ method: 'GET', url: `/api/conversations/${id}/messages` })).json() as ConversationMessagesPage, (p) => Boolean(p.items[0]?.media?.[0]?.url));
    const url = page.items[0]!.media![0]!.url!;

    const served = await b.app.inject({ method: 'GET', url, headers: { cookie: owner.cookie } });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['content-length']).toBe(String(photo.length));
    expect(served.headers['content-disposition']).toMatch(/^inline;/);
    expect(served.headers['cache-control']).toBe('private, max-age=3600');
    expect(Buffer.compare(served.rawPayload, photo)).toBe(0);
    // The same checks on the other server: no session, no file; another owner, not found.
    expect((await b.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const stranger = await whatsappBot(m.t);
    expect((await b.app.inject({ method: 'GET', url, headers: { cookie: stranger.owner.cookie } })).statusCode).toBe(404);

    // Neither server kept a copy in its own folder.
    expect(filesUnder(m.t.config.DATA_DIR).filter((f) => f.startsWith('files'))).toEqual([]);
    expect(filesUnder(b.config.DATA_DIR).filter((f) => f.startsWith('files'))).toEqual([]);
  });

  it('trains from a PDF uploaded to the server without workers, read from the bucket by the one with them', async () => {
    const { botId, owner } = await whatsappBot(m.t);
    const pdf = makePdf([['Estacionamiento', 'Hay estacionamiento gratuito para pacientes en el sótano.']]);
    const form = multipart({ botId }, { name: 'estacionamiento.pdf', type: 'application/pdf', bytes: pdf });
    const res = await b.app.inject({ method: 'POST', url: '/api/documents', payload: form.payload, headers: { ...form.headers, cookie: owner.cookie } });
    expect(res.statusCode, res.body).toBe(201);
    const documentId = res.json().document.id as string;
    const read = async () => (await b.app.inject({ method: 'GET', url: `/api/documents/${botId}`, headers: { cookie: owner.cookie } })).json() as { id: string; status: string }[];
    const done = await until(read, (r) => r.some((d) => d.id === documentId && d.status !== 'processing'), 30_000);
    expect(done.find((d) => d.id === documentId)?.status).toBe('ready');
    const bucket = await s3Storage({ bucket: s3.bucket, endpoint: s3.url, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey } });
    const key = `${botId}/${documentId}.pdf`;
    expect(await bucket.info(key)).toEqual({ contentType: 'application/pdf', size: pdf.length });
    expect((await m.t.modules.search(botId, 'es', 'estacionamiento'))[0]?.text).toContain('sótano');

    // Deleted through the server that did not keep it: gone from the bucket too.
    const deleted = await m.t.app.inject({ method: 'DELETE', url: `/api/documents/${documentId}`, headers: { cookie: owner.cookie }, payload: { botId } });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await bucket.exists(key)).toBe(false);
    bucket.close();
  }, 60_000);
});
