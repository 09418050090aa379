import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { fakeGraph, type FakeGraph } from '../apps/server/src/channels/meta/test-support/fake-graph.ts';
import { createBot, signUp, type Owner } from './support/accounts.ts';
import { viewports } from './support/app.ts';
import { shot, startTestEnv, type PageOptions, type TestEnv, type Viewport } from './support/env.ts';
import { askInPlayground, openPlayground } from './support/playground.ts';

const appSecret = 'e2e-citas-app-secret';
/** The customer who books on WhatsApp (the owner's own tries in the playground stay out of Citas). */
const carla = { phone: '5213312340001', name: 'Carla Núñez' };

let env: TestEnv;
let graph: FakeGraph;
let session: PageOptions['storageState'];
let botId = '';
let phoneNumberId = '';
let owner: Owner;
let tries = 0;

/** A dental practice of its own: an owner, the bot, its WhatsApp number and a service (a try after a failed one starts with another). */
async function openPractice(attempt: number): Promise<void> {
  owner = { name: 'Laura Gómez', email: `laura.${Date.now()}.${attempt}@citas-sonrisas.mx`, phone: '+52 33 1234 5678', password: 'secreto-1234' };
  phoneNumberId = `10654035224294${attempt}`;
  const { context, page } = await env.newPage({ locale: 'es-MX' });
  await signUp(page, owner);
  botId = await createBot(page, { bot_name: 'Sofía', bot_objective: 'doctor_appointment', business_name: 'Consultorio Dental Sonrisas', user_email: owner.email });
  const connected = await page.request.patch(`/bot/${botId}/meta-credentials`, { data: { access_token: 'EAAG-e2e-citas-token-1234567890', phone_number_id: phoneNumberId, waba_id: '524126980791431' } });
  expect(connected.status()).toBe(200);
  // A service of the catalog says how long it takes.
  const service = await page.request.post('/api/products', { data: { botId, name: 'Limpieza', price: '650', attributes: { Tipo: 'Servicio', Duración: '45 min' } } });
  expect(service.status()).toBe(201);
  session = await context.storageState();
  await context.close();
}

beforeAll(async () => {
  graph = await fakeGraph();
  env = await startTestEnv({ env: { META_APP_SECRET: appSecret, META_VERIFY_TOKEN: 'e2e-verify-token', META_GRAPH_URL: graph.url, META_RECIPIENT_GAP_MS: '0' } });
  await openPractice(tries);
}, 180_000);

afterAll(async () => {
  await env?.stop();
  await graph?.close();
});

let sequence = 0;
const sentTo = (to: string) => graph.sends(phoneNumberId).filter((c) => (c.body as { to?: string }).to === to).map((c) => (c.body as { text?: { body?: string } }).text?.body ?? '');
/** A customer's WhatsApp text as Meta delivers it (signed); resolves on the bot's answer. */
async function customerWrites(text: string): Promise<string> {
  const before = sentTo(carla.phone).length;
  const value = {
    messaging_product: 'whatsapp',
    metadata: { display_phone_number: '5213300000000', phone_number_id: phoneNumberId },
    contacts: [{ profile: { name: carla.name }, wa_id: carla.phone }],
    messages: [{ from: carla.phone, id: `wamid.citas${Date.now()}${sequence++}`, timestamp: String(Math.floor(Date.now() / 1000)), type: 'text', text: { body: text } }],
  };
  const raw = JSON.stringify({ object: 'whatsapp_business_account', entry: [{ id: '524126980791431', changes: [{ field: 'messages', value }] }] });
  const res = await fetch(`${env.app.url}/webhooks/meta`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': `sha256=${createHmac('sha256', appSecret).update(raw).digest('hex')}` }, body: raw });
  expect(res.status).toBe(200);
  await expect.poll(() => sentTo(carla.phone).length, { timeout: 20_000 }).toBeGreaterThan(before);
  return sentTo(carla.phone).at(-1)!;
}

const signedInPage = (viewport: Viewport = viewports.desktop) =>
  env.newPage({ viewport, locale: 'es-MX', timezoneId: 'America/Mexico_City', storageState: session });

type Listed = { items: Array<{ id: string; start: string; end: string; status: string; contact: { name: string } }> };
const listAppointments = async (page: Page): Promise<Listed['items']> => {
  const from = new Date(Date.now() - 86_400_000).toISOString();
  const to = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const res = await page.request.get(`/api/appointments?botId=${botId}&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`);
  return ((await res.json()) as Listed).items;
};
/**
 * What in a dialog scrolls sideways (WCAG 1.4.10): the dialog itself or any box inside it whose
 * content is wider than it and that lets it scroll (fields scrolling their own text aside).
 */
const sidewaysScrolling = (dialog: Locator) =>
  dialog.evaluate((root) =>
    [root, ...root.querySelectorAll('*')]
      .filter((el) => !['INPUT', 'TEXTAREA', 'SELECT'].includes(el.tagName))
      .filter((el) => el.scrollWidth > el.clientWidth + 1 && ['auto', 'scroll'].includes(getComputedStyle(el).overflowX))
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 4).join('.')} (${el.scrollWidth} > ${el.clientWidth})`),
  );
/**
 * The owner books from the calendar's API: a new client at a local time of Mexico City, for an
 * hour at most. What overlaps that hour is cancelled first: an earlier try's booking, or one that
 * an earlier test moved to the first free time (which, on some days of the week, is this one).
 */
async function ownerBooks(page: Page, name: string, start: string): Promise<string> {
  const from = Date.parse(start);
  const overlaps = (a: Listed['items'][number]) => Date.parse(a.start) < from + 3_600_000 && Date.parse(a.end) > from;
  for (const left of (await listAppointments(page)).filter((a) => a.status !== 'cancelled' && overlaps(a))) {
    expect((await page.request.patch(`/api/appointments/${left.id}`, { data: { status: 'cancelled' } })).status()).toBe(200);
  }
  const res = await page.request.post('/api/appointments', { data: { botId, contact: { name }, start } });
  expect(res.status(), await res.text()).toBe(201);
  return ((await res.json()) as { appointment: { id: string } }).appointment.id;
}
/**
 * The `n`-th working day (Monday to Friday) from the day after tomorrow, within the next eight days
 * (the calendar pages there), as "YYYY-MM-DD" in Mexico City; a time of it with `at`.
 */
function workday(n: number): { at: (hhmm: string) => string } {
  const days: string[] = [];
  for (let d = 2; days.length <= n; d++) {
    const date = new Date(Date.now() + d * 86_400_000);
    const local = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Mexico_City' }).format(date);
    const weekday = new Date(`${local}T12:00:00Z`).getUTCDay();
    if (weekday >= 1 && weekday <= 5) days.push(local);
  }
  return { at: (hhmm) => `${days[n]}T${hhmm}:00-06:00` };
}
const localClock = (iso: string) => new Intl.DateTimeFormat('en-GB', { timeZone: 'America/Mexico_City', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

/**
 * Pages the calendar forwards until the appointment is on screen (the booked day may be next
 * week). A page's appointments may arrive a moment after it is drawn: each page is given a few
 * seconds before the next.
 */
async function showAppointment(page: Page, id: string): Promise<void> {
  const event = page.locator(`[data-appointment="${id}"]`);
  for (let i = 0; ; i++) {
    await page.locator('.citas-calendar:not([aria-busy])').waitFor();
    const shown = await event.waitFor({ timeout: 3_000 }).then(
      () => true,
      () => false,
    );
    if (shown) return;
    if (i >= 8) throw new Error(`the appointment ${id} is not in the next eight pages of the calendar`);
    await page.locator('.fc-next-button').first().click();
  }
}

/** Waits until the calendar has loaded and an element of it stays in place for a few frames (scrolling, layout). */
async function settled(page: Page, locator: Locator): Promise<void> {
  await page.locator('.citas-calendar:not([aria-busy])').waitFor();
  await expect
    .poll(() =>
      locator.evaluate(
        (el) =>
          new Promise<boolean>((resolve) => {
            const at = () => JSON.stringify(el.getBoundingClientRect());
            const first = at();
            requestAnimationFrame(() => requestAnimationFrame(() => requestAnimationFrame(() => resolve(at() === first))));
          }),
      ),
    )
    .toBe(true);
}

/**
 * Drags an appointment of the shown time grid by `dy` pixels from a point near its top, once the
 * grid stands still and nothing (the page's sticky bar) covers that point; answers the PATCH it
 * sent. A drag the calendar did not take (no PATCH within ten seconds) is made once more.
 */
async function dragBy(page: Page, id: string, dy: number) {
  const event = page.locator(`[data-appointment="${id}"]`);
  const grab = async () => {
    await settled(page, event);
    const box = (await event.boundingBox())!;
    const x = box.x + box.width / 2;
    const y = box.y + Math.min(10, box.height / 2);
    // The grabbed point shows the appointment, the drop point the grid (no bar over either).
    const clear = await event.evaluate(
      (el, [px, py, dy]) => el.contains(document.elementFromPoint(px!, py!)) && Boolean(el.closest('.fc-timegrid-body')?.contains(document.elementFromPoint(px!, py! + dy!))),
      [x, y, dy],
    );
    return clear ? { x, y } : undefined;
  };
  for (let attempt = 0; ; attempt++) {
    let at = await grab();
    for (let i = 0; i < 5 && !at; i++) {
      await event.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      at = await grab();
    }
    if (!at) throw new Error(`the appointment ${id} cannot be grabbed: something covers it`);
    const saved = page.waitForResponse((res) => res.request().method() === 'PATCH' && res.url().includes(`/api/appointments/${id}`), { timeout: 10_000 });
    await page.mouse.move(at.x, at.y);
    await page.mouse.down();
    await page.mouse.move(at.x, at.y + 8, { steps: 4 });
    await page.mouse.move(at.x, at.y + dy, { steps: 12 });
    await page.mouse.up();
    try {
      return await saved;
    } catch (err) {
      if (attempt > 0) throw err;
    }
  }
}

/** The distance on screen between two times of the shown time grid ("10:00" to "10:30"). */
const slotDistance = async (page: Page, from: string, to: string) => {
  const row = async (time: string) => (await page.locator(`td.fc-timegrid-slot-lane[data-time="${time}:00"]`).boundingBox())!.y;
  return (await row(to)) - (await row(from));
};

/** Drags an appointment at `from` onto the one right after it at `to`; answers the free times the refusal offered. */
async function dragOnto(page: Page, id: string, targetId: string, from: string, to: string): Promise<string[]> {
  const event = page.locator(`[data-appointment="${id}"]`);
  const target = page.locator(`[data-appointment="${targetId}"]`);
  // Both in the middle of the grid's scroller, away from the edges where a drag scrolls it.
  await event.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await settled(page, target);
  const res = await dragBy(page, id, await slotDistance(page, from, to));
  const wanted = (await listAppointments(page)).find((a) => a.id === targetId)!.start;
  expect(Date.parse((res.request().postDataJSON() as { start: string }).start), 'the drop lands on the other appointment').toBe(Date.parse(wanted));
  expect(res.status()).toBe(409);
  return ((await res.json()) as { error: { nextSlots: string[] } }).error.nextSlots;
}

describe('citas', () => {
  it("the owner's try in the playground stays out of Citas; a customer's booking on WhatsApp is in the week view, dragged to another hour, and the customer is told", async () => {
    // A try after a failed one starts over with a practice of its own.
    if (tries++ > 0) await openPractice(tries);
    const { context, page } = await signedInPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    try {
      const panel = await openPlayground(page, botId);
      await askInPlayground(panel, 'Quiero una cita el jueves a las 11 de la mañana');
      await askInPlayground(panel, 'Laura Gómez');
      await askInPlayground(panel, 'Sí');
      await panel.getByText(/^Cita agendada: jueves/).waitFor({ timeout: 20_000 });
      // The assistant's booking is announced to the owner, but the owner's own try is no appointment of the business.
      await page.getByText(/Laura Gómez agendó una cita con el asistente/).waitFor();
      expect(await listAppointments(page)).toEqual([]);

      // A customer books on WhatsApp.
      await customerWrites('Hola, quiero una cita el jueves a las 12 del día');
      for (const answer of [carla.name, 'Sí']) {
        if ((await listAppointments(page)).length) break;
        await customerWrites(answer);
      }
      await expect.poll(async () => (await listAppointments(page)).length, { timeout: 20_000 }).toBe(1);
      const [booked] = await listAppointments(page);
      expect(booked).toMatchObject({ status: 'booked', contact: { name: carla.name } });
      expect(localClock(booked!.start)).toBe('12:00');

      await page.goto(`/app/dashboard/${botId}/citas`);
      await page.getByRole('heading', { name: 'Citas', level: 1 }).waitFor();
      await page.locator('.fc-timeGridWeek-view').waitFor();
      await showAppointment(page, booked!.id);
      const event = page.locator(`[data-appointment="${booked!.id}"]`);
      expect(await event.getAttribute('data-status')).toBe('booked');
      // 10:00 at the top of the page (under the bar): the drag from 12:00 to 14:00 needs no scrolling.
      await page.locator('td.fc-timegrid-slot-lane[data-time="10:00:00"]').evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await settled(page, event);
      await shot(page, 'citas-week-1280x800');

      // Drag from 12:00 to 14:00: the event moves by the distance between the two slot rows.
      expect((await dragBy(page, booked!.id, await slotDistance(page, '12:00', '14:00'))).status()).toBe(200);
      await page.getByText(/^Movimos la cita a .*2:00 p\.\s?m\. y le avisamos al cliente\.$/).waitFor();
      const [moved] = await listAppointments(page);
      expect(moved!.id).toBe(booked!.id);
      expect(localClock(moved!.start)).toBe('14:00');

      // The appointment's card.
      await page.locator(`[data-appointment="${booked!.id}"]`).click();
      const card = page.getByTestId('appointment-card');
      await card.waitFor();
      expect(await card.getByTestId('appointment-when').innerText()).toMatch(/2:00/);
      expect(await card.innerText()).toMatch(/WhatsApp/);
      await shot(page, 'citas-card-1280x800');
      await page.getByRole('dialog').filter({ has: card }).getByRole('button', { name: 'Cerrar', exact: true }).click();

      // A click on a free time books it for a new customer.
      const column = (await page.locator(`[data-appointment="${booked!.id}"]`).boundingBox())!;
      const cx = column.x + column.width / 2;
      const slotBox = async (time: string) => (await page.locator(`td.fc-timegrid-slot-lane[data-time="${time}"]`).boundingBox())!;
      // The afternoon in view (the time grid scrolls inside the calendar).
      const afternoon = () => page.locator('td.fc-timegrid-slot-lane[data-time="16:00:00"]').evaluate((el) => el.scrollIntoView({ block: 'center' }));
      await afternoon();
      await page.mouse.click(cx, (await slotBox('16:00:00')).y + 6);
      const book = page.getByRole('dialog', { name: 'Agendar cita' });
      await book.waitFor();
      // One click books the bot's appointment length; the start and the end can be changed.
      const length = (Date.parse(booked!.end) - Date.parse(booked!.start)) / 60_000;
      expect(await book.getByLabel('Duración').inputValue()).toBe(String(length));
      expect(await book.getByLabel('Empieza').inputValue()).toBe('16:00');
      await book.getByLabel('Termina').fill('17:00');
      expect(await book.getByLabel('Duración').inputValue()).toBe('60');
      // Closing with something typed asks first.
      await book.getByLabel('Notas').fill('Primera visita');
      await page.keyboard.press('Escape');
      await book.getByRole('alertdialog').getByRole('button', { name: 'Seguir editando' }).click();
      expect(await book.getByLabel('Notas').inputValue()).toBe('Primera visita');
      await book.getByRole('radio', { name: 'Cliente nuevo' }).click();
      await book.getByLabel('Nombre').fill('Mario Ruiz');
      await book.getByLabel('Teléfono').fill('+52 33 5555 0199');
      // A service of the catalog books its own length.
      await book.getByLabel('Servicio').fill('Limpieza');
      expect(await book.getByLabel('Duración').inputValue()).toBe('45');
      expect(await book.getByLabel('Termina').inputValue()).toBe('16:45');
      await shot(page, 'citas-book-1280x800');
      await book.getByRole('button', { name: 'Agendar', exact: true }).click();
      await page.getByText('Cita agendada para Mario Ruiz.').waitFor();
      await book.waitFor({ state: 'detached' });

      // A time that overlaps it: refused, with the next free times to pick.
      await afternoon();
      const from1530 = await slotBox('15:30:00');
      const to1630 = await slotBox('16:30:00');
      await page.mouse.move(cx, from1530.y + 6);
      await page.mouse.down();
      await page.mouse.move(cx, from1530.y + 20, { steps: 3 });
      await page.mouse.move(cx, to1630.y + 6, { steps: 8 });
      await page.mouse.up();
      await book.waitFor();
      await book.getByLabel('Buscar cliente').first().fill('Mario');
      await book.getByRole('radio', { name: /Mario Ruiz/ }).check();
      // The list of clients fits the dialog: nothing in it scrolls sideways.
      expect(await sidewaysScrolling(book)).toEqual([]);
      await book.getByRole('button', { name: 'Agendar', exact: true }).click();
      await book.getByText('Ese horario ya está ocupado por otra cita.').waitFor();
      await book.getByText('Horarios libres cercanos:').waitFor();
      await shot(page, 'citas-slot-taken-1280x800');
      await book.getByRole('button', { name: /\d:\d{2}\s?[ap]\.\s?m\.$/ }).first().click();
      await book.getByRole('button', { name: 'Agendar', exact: true }).click();
      // The first booking's notice (the same words) may still be on screen: wait for the second booking itself.
      await expect.poll(async () => (await listAppointments(page)).filter((a) => a.contact.name === 'Mario Ruiz').length, { timeout: 20_000 }).toBe(2);

      // The customer's conversation got the move.
      await expect.poll(() => sentTo(carla.phone).some((text) => /se cambió para el jueves \d{1,2} de \p{L}+ a las 2:00 p\.\s?m\./u.test(text)), { timeout: 20_000 }).toBe(true);
      // The refused booking's 409 is the only error the browser logs.
      expect(consoleErrors.filter((e) => !/status of 409/.test(e))).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('dragging onto a taken time leaves the appointment where it was and offers the next free times; one click moves it there', async () => {
    const { context, page } = await signedInPage();
    try {
      const day = workday(0);
      const laura = { id: await ownerBooks(page, 'Inés Robles', day.at('10:00')), start: day.at('10:00') };
      const mario = { id: await ownerBooks(page, 'Tomás Aguilar', day.at('10:30')) };
      await page.goto(`/app/dashboard/${botId}/citas`);
      await page.locator('.fc-timeGridWeek-view').waitFor();
      await showAppointment(page, laura.id);
      const taken = await dragOnto(page, laura.id, mario.id, '10:00', '10:30');
      const dialog = page.getByRole('dialog', { name: 'Ese horario ya está ocupado' });
      await dialog.waitFor();
      // The appointment went back to its time.
      expect(localClock((await listAppointments(page)).find((a) => a.id === laura.id)!.start)).toBe(localClock(laura.start));
      await page.locator(`[data-appointment="${laura.id}"]`).waitFor();
      // The grid stayed where it was: the appointment is in view behind the dialog.
      const inView = () =>
        page.locator(`[data-appointment="${laura.id}"]`).evaluate((el) => {
          const shown = el.closest('.fc-scroller')!.getBoundingClientRect();
          const at = el.getBoundingClientRect();
          return at.top >= shown.top && at.bottom <= shown.bottom;
        });
      expect(await inView()).toBe(true);
      await shot(page, 'citas-move-taken-1280x800');
      const slots = dialog.getByRole('group', { name: 'Horarios libres cercanos' }).getByRole('button');
      expect(await slots.count()).toBe(taken.length);
      await slots.first().click();
      // Inés has no conversation: nobody to tell.
      await page.getByText(/^Movimos la cita a .*\.$/).waitFor();
      expect(Date.parse((await listAppointments(page)).find((a) => a.id === laura.id)!.start)).toBe(Date.parse(taken[0]!));
    } finally {
      await context.close();
    }
  }, 60_000);

  it('on a phone too: the free times fit the screen, and the appointment can stay where it was', async () => {
    const { context, page } = await signedInPage(viewports.phone);
    try {
      // Two appointments of the same day: the earlier one onto the later.
      const day = workday(1);
      const first = { id: await ownerBooks(page, 'Julia Paredes', day.at('11:00')), start: day.at('11:00') };
      const second = { id: await ownerBooks(page, 'Raúl Cisneros', day.at('11:30')) };
      await page.goto(`/app/dashboard/${botId}/citas`);
      // The list of next appointments first (without the calendar library); the day view on demand.
      await page.locator('[data-upcoming]').waitFor();
      await page.getByRole('button', { name: 'Día', exact: true }).click();
      await page.locator('.fc-timeGridDay-view').waitFor();
      await showAppointment(page, first.id);
      await dragOnto(page, first.id, second.id, '11:00', '11:30');
      const dialog = page.getByRole('dialog', { name: 'Ese horario ya está ocupado' });
      await dialog.waitFor();
      await shot(page, 'citas-move-taken-390x844');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await dialog.getByRole('button', { name: 'Dejarla donde estaba' }).click();
      await dialog.waitFor({ state: 'hidden' });
      expect(Date.parse((await listAppointments(page)).find((a) => a.id === first.id)!.start)).toBe(Date.parse(first.start));
    } finally {
      await context.close();
    }
  }, 60_000);

  it('cancelling asks first and can be undone; an appointment still to come cannot be marked completed', async () => {
    const { context, page } = await signedInPage();
    try {
      const mario = { id: await ownerBooks(page, 'Mario Ruiz', workday(2).at('12:00')) };
      await page.goto(`/app/dashboard/${botId}/citas`);
      await page.locator('.fc-timeGridWeek-view').waitFor();
      await showAppointment(page, mario.id);
      await page.locator(`[data-appointment="${mario.id}"]`).click();
      const card = page.getByTestId('appointment-card');
      await card.waitFor();
      await card.getByRole('button', { name: 'Confirmar' }).waitFor();
      expect(await card.getByRole('button', { name: 'Completada' }).count()).toBe(0);
      expect(await card.getByRole('button', { name: 'No asistió' }).count()).toBe(0);
      await card.getByRole('button', { name: 'Cancelar cita' }).click();
      await card.getByText(/^¿Cancelar la cita del /).waitFor();
      await shot(page, 'citas-cancel-confirm-1280x800');
      // "No" keeps it.
      await card.getByRole('button', { name: 'No, conservarla' }).click();
      await card.getByRole('button', { name: 'Cancelar cita' }).click();
      await card.getByRole('button', { name: 'Sí, cancelar' }).click();
      // Mario has no conversation: nobody was told, and the toast does not say so.
      await page.getByText('Cita cancelada.', { exact: true }).waitFor();
      expect((await listAppointments(page)).find((a) => a.id === mario.id)!.status).toBe('cancelled');
      await page.getByRole('button', { name: 'Deshacer' }).click();
      await page.getByText('Cita reactivada.', { exact: true }).waitFor();
      await expect.poll(async () => (await listAppointments(page)).find((a) => a.id === mario.id)!.status, { timeout: 10_000 }).toBe('booked');
    } finally {
      await context.close();
    }
  }, 60_000);

  it('shows the next appointments on a phone', async () => {
    const { context, page } = await signedInPage(viewports.phone);
    try {
      await page.goto(`/app/dashboard/${botId}/citas`);
      await page.getByRole('heading', { name: 'Citas', level: 1 }).waitFor();
      await page.getByRole('heading', { name: 'Próximas citas', level: 2 }).waitFor();
      // The calendar library is neither drawn nor downloaded for this list.
      expect(await page.locator('.fc').count()).toBe(0);
      expect(await page.evaluate(() => performance.getEntriesByType('resource').filter((e) => /calendar-grid/.test(e.name)).length)).toBe(0);
      await page.getByRole('button', { name: 'Calendario externo' }).waitFor();
      await shot(page, 'citas-today-390x844');
      const appointment = { id: await ownerBooks(page, 'Rosa Medina', workday(3).at('13:00')) };
      await showAppointment(page, appointment.id);
      await shot(page, 'citas-agenda-390x844', { fullPage: true });
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(390);
      // The booking dialog and its list of clients fit the phone's width.
      await page.getByRole('button', { name: 'Agendar', exact: true }).click();
      const book = page.getByRole('dialog', { name: 'Agendar cita' });
      await book.getByRole('radio', { name: /Rosa Medina/ }).first().waitFor();
      expect(await sidewaysScrolling(book)).toEqual([]);
      await book.getByRole('radio', { name: 'Cliente nuevo' }).click();
      expect(await sidewaysScrolling(book)).toEqual([]);
      await book.getByRole('radio', { name: 'Cliente existente' }).click();
      await shot(page, 'citas-book-390x844');
      // Nothing typed: it closes without asking.
      await book.getByRole('button', { name: 'Cancelar', exact: true }).click();
      await book.waitFor({ state: 'detached' });
    } finally {
      await context.close();
    }
  }, 60_000);

  it('the week opens at the current time, and the agenda is titled with long dates', async () => {
    const { context, page } = await signedInPage();
    try {
      // Thursday 7 March 2030, 17:30 in Mexico City: the grid (from 07:00) has scrolled to show the time now.
      await page.clock.install({ time: new Date('2030-03-07T17:30:00-06:00') });
      await page.goto(`/app/dashboard/${botId}/citas`);
      await page.locator('.fc-timeGridWeek-view .fc-timegrid-now-indicator-line').waitFor();
      const shown = () =>
        page.evaluate(() => {
          const scroller = document.querySelector('.fc-timegrid-body')!.closest('.fc-scroller')!;
          const view = scroller.getBoundingClientRect();
          const now = document.querySelector('.fc-timegrid-now-indicator-line')!.getBoundingClientRect();
          const seven = document.querySelector('td.fc-timegrid-slot-lane[data-time="07:00:00"]')!.getBoundingClientRect();
          return { scrolled: scroller.scrollTop > 0, nowInView: now.top >= view.top && now.bottom <= view.bottom, sevenHidden: seven.bottom <= view.top };
        });
      await expect.poll(shown).toEqual({ scrolled: true, nowInView: true, sevenHidden: true });
      await shot(page, 'citas-week-now-1280x800');
      await page.getByRole('button', { name: 'Agenda', exact: true }).click();
      await page.locator('.fc-listWeek-view').waitFor();
      expect(await page.locator('.fc-toolbar-title').innerText()).toBe('4 – 10 de marzo de 2030');
    } finally {
      await context.close();
    }
  }, 30_000);

  it('the wizard asks for the time zone by city: Mexico City when the browser says only UTC, a city typed is found and survives a reload', async () => {
    // A new owner (the Free plan holds one bot) whose browser reports UTC.
    const { context, page } = await env.newPage({ locale: 'es-MX', timezoneId: 'UTC' });
    try {
      await signUp(page, { ...owner, email: `pau.${Date.now()}@padel-tijuana.mx` });
      await page.goto('/app/dashboard/nuevo?template=doctor_appointment');
      await page.getByRole('heading', { name: 'Cuéntanos de tu negocio' }).waitFor();
      const zone = page.getByLabel('Zona horaria');
      expect(await zone.inputValue()).toBe('Ciudad de México');
      await page.getByLabel('Nombre del negocio').fill('Pádel Tijuana');
      await zone.fill('Mi casa');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.getByText('No encontramos esa ciudad. Escribe la ciudad de tu negocio, por ejemplo Monterrey, o elige una de la lista.').waitFor();
      await zone.fill('tijuana');
      await page.getByText(/con la hora de Tijuana \(GMT-\d\)/).waitFor();
      // A reload keeps what was typed.
      await page.reload();
      await page.getByRole('heading', { name: 'Cuéntanos de tu negocio' }).waitFor();
      expect(await page.getByLabel('Nombre del negocio').inputValue()).toBe('Pádel Tijuana');
      expect(await zone.inputValue()).toBe('tijuana');
      await zone.scrollIntoViewIfNeeded();
      await shot(page, 'citas-wizard-time-zone-1280x800');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.getByLabel('Nombre del asistente').fill('Pau');
      await page.getByRole('button', { name: 'Continuar' }).click();
      await page.getByRole('heading', { name: '¿Cómo quieres que hable?' }).waitFor();
      for (const name of [/^Formal/, /^Amigable/, /^Como asistente virtual/]) await page.locator('form').getByRole('radio', { name }).check({ force: true });
      const stylePatch = page.waitForRequest((request) => /\/bot\/[0-9a-f-]{36}$/.test(request.url()) && request.method() === 'PATCH');
      await page.getByRole('button', { name: 'Crear asistente' }).click();
      expect((await stylePatch).postDataJSON()).toMatchObject({ timezone: 'America/Tijuana' });
    } finally {
      await context.close();
    }
  }, 60_000);
});
