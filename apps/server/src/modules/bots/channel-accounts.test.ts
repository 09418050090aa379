import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../../test/harness.ts';
import { as, type Account } from '../../test/accounts.ts';
import { fakeWhatsapp } from '../../channels/whatsapp-web/test-support/fake-whatsapp.ts';
import { pairErrors } from '../../channels/whatsapp-web/session-manager.ts';
import { whatsappWebSessions } from '../../channels/whatsapp-web/whatsapp-web.table.ts';
import { botMessages, metaId, metaTestApp, ownerWithBot, pageBot, postWebhook, until, waTextPayload, whatsappBot, messagingPayload, type MetaTestApp } from '../../channels/meta/test-support/meta-test-app.ts';
import { bots, channelAccounts } from './bots.table.ts';

const token = () => `EAAG${metaId()}${metaId()}`;

/**
 * One channel account, one bot: every route that attaches a WhatsApp number, a Facebook page, an
 * Instagram account or a number paired by QR refuses one another bot holds (409
 * CHANNEL_ACCOUNT_TAKEN), and webhooks reach the bot that holds it.
 */
describe.each(engines)('channel accounts on %s', (dbEngine) => {
  let m: MetaTestApp;
  const fake = fakeWhatsapp();

  beforeAll(async () => {
    m = await metaTestApp(dbEngine, { WHATSAPP_WEB_RECONNECT_MS: '40', WHATSAPP_WEB_MIN_DELAY_MS: '0', WHATSAPP_WEB_JITTER_MS: '0' });
    m.t.app.whatsappWeb.manager.useSocketFactory(fake.factory);
  });
  afterAll(() => m?.close());

  const db = () => m.t.database.db;
  const stored = async (botId: string) => (await db().select().from(bots).where(eq(bots.id, botId)))[0]!;
  const held = (botId: string) => db().select({ channel: channelAccounts.channel, account: channelAccounts.accountId }).from(channelAccounts).where(eq(channelAccounts.botId, botId));
  const holders = async (channel: 'whatsapp' | 'messenger' | 'instagram' | 'whatsmeow', account: string) =>
    (await db().select().from(channelAccounts).where(eq(channelAccounts.accountId, account))).filter((r) => r.channel === channel).map((r) => r.botId);
  const patchWhatsapp = (api: ReturnType<typeof as>, botId: string, phone: string) =>
    api({ method: 'PATCH', url: `/bot/${botId}/meta-credentials`, payload: { access_token: token(), phone_number_id: phone, waba_id: metaId() } });
  const taken = (res: { statusCode: number; json(): { error: { code: string; message: string } } }) => {
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('CHANNEL_ACCOUNT_TAKEN');
  };

  /** A customer's WhatsApp message to the number: which bot stored it. */
  async function routedTo(phone: string, candidates: string[]) {
    const text = `Hola ${metaId()}`;
    expect((await postWebhook(m.t, waTextPayload(phone, '5213312345678', text))).statusCode).toBe(200);
    const found: string[] = [];
    for (const botId of candidates) if ((await botMessages(m.t, botId)).some((r) => r.text === text)) found.push(botId);
    return found;
  }

  describe('manual form (PATCH /bot/{id}/meta-credentials)', () => {
    it("refuses another owner's number, keeps the holder's credentials, and the webhook still reaches the holder", async () => {
      const ana = await whatsappBot(m.t);
      const luis = await ownerWithBot(m.t);
      const res = await patchWhatsapp(luis.api, luis.botId, ana.phoneNumberId);
      taken(res);
      const en = await luis.api({ method: 'PATCH', url: `/bot/${luis.botId}/meta-credentials`, headers: { 'accept-language': 'en' }, payload: { access_token: token(), phone_number_id: ana.phoneNumberId, waba_id: metaId() } });
      expect(en.json().error.message).toBe('That number or page is already connected to another assistant. Disconnect it there first.');
      expect((await stored(luis.botId)).metaCredentials).toEqual([]);
      expect((await stored(ana.botId)).metaCredentials[0]!.phone_number_id).toBe(ana.phoneNumberId);
      expect(await holders('whatsapp', ana.phoneNumberId)).toEqual([ana.botId]);
      // Once refused there, the register route refuses it too.
      taken(await luis.api({ method: 'POST', url: '/api/meta-register', payload: { bot_id: luis.botId, phone_number_id: ana.phoneNumberId, waba_id: metaId(), access_token: token() } }));
      expect(await routedTo(ana.phoneNumberId, [ana.botId, luis.botId])).toEqual([ana.botId]);
    });

    it('lets the holder save its own number again, and a new number lets go of the old one', async () => {
      const ana = await whatsappBot(m.t);
      expect((await patchWhatsapp(ana.api, ana.botId, ana.phoneNumberId)).statusCode).toBe(200);
      const next = metaId();
      expect((await patchWhatsapp(ana.api, ana.botId, next)).statusCode).toBe(200);
      expect(await held(ana.botId)).toEqual([{ channel: 'whatsapp', account: next }]);
      const luis = await ownerWithBot(m.t);
      expect((await patchWhatsapp(luis.api, luis.botId, ana.phoneNumberId)).statusCode).toBe(200);
      expect(await routedTo(ana.phoneNumberId, [ana.botId, luis.botId])).toEqual([luis.botId]);
      expect(await routedTo(next, [ana.botId, luis.botId])).toEqual([ana.botId]);
    });
  });

  describe('embedded signup (POST /api/meta-register)', () => {
    it("refuses a number another owner connected by the signup, on the signup and on the manual form, without calling Meta", async () => {
      const ana = await ownerWithBot(m.t);
      const phone = metaId();
      const ok = await ana.api({ method: 'POST', url: '/api/meta-register', payload: { bot_id: ana.botId, phone_number_id: phone, waba_id: metaId(), code: 'AQB-signup-ana' } });
      expect(ok.statusCode).toBe(200);
      const luis = await ownerWithBot(m.t);
      m.graph.reset();
      taken(await luis.api({ method: 'POST', url: '/api/meta-register', payload: { bot_id: luis.botId, phone_number_id: phone, waba_id: metaId(), code: 'AQB-signup-luis' } }));
      expect(m.graph.calls).toEqual([]);
      taken(await patchWhatsapp(luis.api, luis.botId, phone));
      expect(await holders('whatsapp', phone)).toEqual([ana.botId]);
      expect(await routedTo(phone, [ana.botId, luis.botId])).toEqual([ana.botId]);
    });
  });

  describe('Messenger and Instagram', () => {
    it("refuses another owner's page inside PATCH /bot/{id} and on /api/messenger-register; the page's webhooks reach its holder", async () => {
      const ana = await pageBot(m.t);
      const luis = await ownerWithBot(m.t);
      taken(await luis.api({ method: 'PATCH', url: `/bot/${luis.botId}`, payload: { bot_name: 'Otro', messengerCredentials: [{ access_token: token(), page_id: ana.pageId }] } }));
      // Nothing of the refused request was saved, not even its other fields.
      expect(await stored(luis.botId)).toMatchObject({ botName: 'Sofía', messengerCredentials: [] });
      m.graph.reset();
      taken(await luis.api({ method: 'POST', url: '/api/messenger-register', payload: { bot_id: luis.botId, page_id: ana.pageId, access_token: token() } }));
      expect(m.graph.calls).toEqual([]);

      const mid = `m_${metaId()}`;
      const payload = messagingPayload('page', ana.pageId, [{ sender: { id: '2460' }, recipient: { id: ana.pageId }, timestamp: Date.now(), message: { mid, text: 'Hola' } }]);
      expect((await postWebhook(m.t, payload)).statusCode).toBe(200);
      expect((await botMessages(m.t, ana.botId)).map((r) => r.externalId)).toContain(mid);
      expect(await botMessages(m.t, luis.botId)).toEqual([]);
    });

    it("refuses another owner's Instagram account under a page of one's own, and takes neither", async () => {
      const ana = await pageBot(m.t);
      const luis = await ownerWithBot(m.t);
      const ownPage = metaId();
      taken(await luis.api({ method: 'PATCH', url: `/bot/${luis.botId}`, payload: { messengerCredentials: [{ access_token: token(), page_id: ownPage, instagram_account_id: ana.instagramId }] } }));
      expect(await held(luis.botId)).toEqual([]);
      taken(await luis.api({ method: 'POST', url: '/api/messenger-register', payload: { bot_id: luis.botId, page_id: ownPage, access_token: token(), instagram_account_id: ana.instagramId } }));
      expect(await holders('instagram', ana.instagramId)).toEqual([ana.botId]);

      const mid = `ig_${metaId()}`;
      const payload = messagingPayload('instagram', ana.instagramId, [{ sender: { id: '7788' }, recipient: { id: ana.instagramId }, timestamp: Date.now(), message: { mid, text: 'Hola' } }]);
      expect((await postWebhook(m.t, payload)).statusCode).toBe(200);
      expect((await botMessages(m.t, ana.botId)).map((r) => r.externalId)).toContain(mid);
      expect(await botMessages(m.t, luis.botId)).toEqual([]);
      // Without the Instagram account, the page alone is free to take.
      const page = await luis.api({ method: 'PATCH', url: `/bot/${luis.botId}`, payload: { messengerCredentials: [{ access_token: token(), page_id: ownPage }] } });
      expect(page.statusCode).toBe(200);
      expect(await held(luis.botId)).toEqual([{ channel: 'messenger', account: ownPage }]);
    });
  });

  describe('WhatsApp by QR', () => {
    const connect = (owner: Account, botId: string) => as(m.t, owner)({ method: 'POST', url: '/api/whatsapp-web/connect', payload: { botId } });
    const status = async (owner: Account, botId: string) =>
      (await as(m.t, owner)({ method: 'GET', url: `/bot/current-session-status/${botId}` })).json() as { status: string; pair_error: string | null; phone: string | null };

    /** Pairs the bot's next socket with the number; answers the socket. */
    async function pair(owner: Account, botId: string, digits: string) {
      const n = fake.of(botId).length + 1;
      expect((await connect(owner, botId)).statusCode).toBe(200);
      const sock = await fake.socket(botId, n);
      sock.qr();
      sock.open(digits);
      return sock;
    }

    it("logs out a session paired with a number another owner's bot holds, and says why; once the holder disconnects it pairs", async () => {
      const digits = `52133${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
      const ana = await ownerWithBot(m.t);
      await pair(ana.owner, ana.botId, digits);
      await until(() => status(ana.owner, ana.botId), (s) => s.status === 'connected');
      expect(await holders('whatsmeow', `+${digits}`)).toEqual([ana.botId]);

      const luis = await ownerWithBot(m.t);
      const sock = await pair(luis.owner, luis.botId, digits);
      const refused = await until(() => status(luis.owner, luis.botId), (s) => s.status === 'disconnected');
      expect(refused).toMatchObject({ status: 'disconnected', pair_error: pairErrors.numberTaken, phone: null });
      expect(sock.loggedOut).toBe(true);
      expect(await status(ana.owner, ana.botId)).toMatchObject({ status: 'connected', phone: `+${digits}` });
      expect(await holders('whatsmeow', `+${digits}`)).toEqual([ana.botId]);

      // Disconnecting frees the number: now Luis's bot may pair it.
      expect((await ana.api({ method: 'POST', url: '/api/disconnect', payload: { botId: ana.botId, source: 'whatsmeow' } })).statusCode).toBe(200);
      expect(await held(ana.botId)).toEqual([]);
      await pair(luis.owner, luis.botId, digits);
      await until(() => status(luis.owner, luis.botId), (s) => s.status === 'connected');
      expect(await holders('whatsmeow', `+${digits}`)).toEqual([luis.botId]);
    });

    it('logs out, keeping the reason, a running session the migration took its number from', async () => {
      const digits = `52133${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
      const ana = await ownerWithBot(m.t);
      const sock = await pair(ana.owner, ana.botId, digits);
      await until(() => status(ana.owner, ana.botId), (s) => s.status === 'connected');
      // What the migration writes for a session whose number another bot kept.
      await db().update(whatsappWebSessions).set({ status: 'disconnected', pairError: pairErrors.numberTaken }).where(eq(whatsappWebSessions.botId, ana.botId));
      await m.t.app.whatsappWeb.manager.tick();
      expect(sock.loggedOut).toBe(true);
      expect(await status(ana.owner, ana.botId)).toMatchObject({ status: 'disconnected', pair_error: pairErrors.numberTaken, phone: null });
      expect(await held(ana.botId)).toEqual([]);
    });

    it('pairs one number on two bots at the same moment: exactly one stays connected', async () => {
      const digits = `52133${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
      const a = await ownerWithBot(m.t);
      const b = await ownerWithBot(m.t);
      await Promise.all([connect(a.owner, a.botId), connect(b.owner, b.botId)]);
      const [sa, sb] = await Promise.all([fake.socket(a.botId, 1), fake.socket(b.botId, 1)]);
      sa.qr();
      sb.qr();
      sa.open(digits);
      sb.open(digits);
      const settled = async () => [await status(a.owner, a.botId), await status(b.owner, b.botId)];
      const both = await until(settled, (s) => s.every((x) => x.status === 'connected' || x.pair_error === pairErrors.numberTaken));
      expect(both.filter((s) => s.status === 'connected')).toHaveLength(1);
      const winner = both[0]!.status === 'connected' ? a.botId : b.botId;
      expect(await holders('whatsmeow', `+${digits}`)).toEqual([winner]);
    });
  });

  describe('simultaneous claims', () => {
    it('of one number by five owners: exactly one wins, and the webhook reaches it', async () => {
      const phone = metaId();
      const contenders = await Promise.all(Array.from({ length: 5 }, () => ownerWithBot(m.t)));
      const answers = await Promise.all(contenders.map((c) => patchWhatsapp(c.api, c.botId, phone)));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
      const winner = contenders[answers.findIndex((r) => r.statusCode === 200)]!;
      expect(await holders('whatsapp', phone)).toEqual([winner.botId]);
      const withCredentials = (await Promise.all(contenders.map((c) => stored(c.botId)))).filter((b) => b.metaCredentials.length);
      expect(withCredentials.map((b) => b.id)).toEqual([winner.botId]);
      expect(await routedTo(phone, contenders.map((c) => c.botId))).toEqual([winner.botId]);
    });

    it('of one page by the PATCH and the register route at once: exactly one wins', async () => {
      const page = metaId();
      const [x, y, z] = await Promise.all([ownerWithBot(m.t), ownerWithBot(m.t), ownerWithBot(m.t)]);
      const answers = await Promise.all([
        x.api({ method: 'PATCH', url: `/bot/${x.botId}`, payload: { messengerCredentials: [{ access_token: token(), page_id: page }] } }),
        y.api({ method: 'POST', url: '/api/messenger-register', payload: { bot_id: y.botId, page_id: page, access_token: token() } }),
        z.api({ method: 'PATCH', url: `/bot/${z.botId}`, payload: { messengerCredentials: [{ access_token: token(), page_id: page }] } }),
      ]);
      expect(answers.map((r) => r.statusCode).filter((s) => s === 200)).toHaveLength(1);
      expect(answers.map((r) => r.statusCode).filter((s) => s === 409)).toHaveLength(2);
      expect(await holders('messenger', page)).toHaveLength(1);
    });
  });

  describe('moving an account', () => {
    it('between two bots of one owner only after disconnecting it from the first', async () => {
      const first = await whatsappBot(m.t);
      const secondId = (await first.api({
        method: 'POST',
        url: '/bot/new-bot',
        payload: {
          bot_name: 'Otra', bot_objective: 'doctor_appointment', business_name: 'Clínica Norte', business_desc: '', business_url: '',
          user_email: first.owner.email, business_phone: '', welcome_message: '', about_bot: '', language: 'es',
        },
      })).json().bot.id as string;
      taken(await patchWhatsapp(first.api, secondId, first.phoneNumberId));
      expect(await routedTo(first.phoneNumberId, [first.botId, secondId])).toEqual([first.botId]);

      expect((await first.api({ method: 'POST', url: '/api/disconnect', payload: { botId: first.botId, source: 'api' } })).statusCode).toBe(200);
      expect(await held(first.botId)).toEqual([]);
      expect((await patchWhatsapp(first.api, secondId, first.phoneNumberId)).statusCode).toBe(200);
      expect(await routedTo(first.phoneNumberId, [first.botId, secondId])).toEqual([secondId]);
    });

    it('disconnecting Instagram frees only the Instagram account; deleting a bot frees all of its accounts', async () => {
      const ana = await pageBot(m.t);
      expect((await ana.api({ method: 'POST', url: '/api/disconnect', payload: { botId: ana.botId, source: 'instagram' } })).statusCode).toBe(200);
      expect(await held(ana.botId)).toEqual([{ channel: 'messenger', account: ana.pageId }]);
      const luis = await ownerWithBot(m.t);
      expect((await luis.api({ method: 'PATCH', url: `/bot/${luis.botId}`, payload: { messengerCredentials: [{ access_token: token(), page_id: metaId(), instagram_account_id: ana.instagramId }] } })).statusCode).toBe(200);
      taken(await luis.api({ method: 'PATCH', url: `/bot/${luis.botId}`, payload: { messengerCredentials: [{ access_token: token(), page_id: ana.pageId }] } }));

      expect((await ana.api({ method: 'DELETE', url: '/bot/delete-bot', payload: { bot_id: ana.botId } })).statusCode).toBe(200);
      expect(await held(ana.botId)).toEqual([]);
      expect((await luis.api({ method: 'POST', url: '/api/messenger-register', payload: { bot_id: luis.botId, page_id: ana.pageId, access_token: token() } })).statusCode).toBe(200);
      expect(await holders('messenger', ana.pageId)).toEqual([luis.botId]);
    });
  });
});
