import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser, screenshotPath, startApp, viewports, type RunningApp } from './app.ts';

export type Viewport = { width: number; height: number };

/** "1280x800": how screenshots name their size. */
export const sizeOf = (viewport: Viewport) => `${viewport.width}x${viewport.height}`;

export interface PageOptions {
  viewport?: Viewport;
  /** The browser's own language and time zone (the app starts in Spanish whatever they are). */
  locale?: string;
  timezoneId?: string;
  /** A saved session to start signed in. */
  storageState?: Awaited<ReturnType<BrowserContext['storageState']>>;
  /** Playwright's default time-out for each step. */
  timeoutMs?: number;
}

/**
 * What each page of the running test went through (addresses it opened, API answers of 400 and
 * above, failed requests, console errors), printed when the test fails: a test that waited in
 * vain then shows what the page did meanwhile.
 */
export const pageJournals: string[][] = [];
const JOURNAL_LINES = 60;

function keepJournal(page: Page): void {
  const started = Date.now();
  const journal: string[] = [];
  pageJournals.push(journal);
  const note = (line: string) => {
    journal.push(`+${((Date.now() - started) / 1000).toFixed(1)} s ${line}`);
    if (journal.length > JOURNAL_LINES) journal.shift();
  };
  page.on('framenavigated', (frame) => {
    if (frame === page.mainFrame()) note(`at ${frame.url()}`);
  });
  page.on('response', (res) => {
    if (res.status() >= 400) note(`${res.status()} ${res.request().method()} ${res.url()}`);
  });
  page.on('requestfailed', (req) => note(`failed ${req.method()} ${req.url()}: ${req.failure()?.errorText ?? ''}`));
  page.on('console', (msg) => {
    if (msg.type() === 'error') note(`console: ${msg.text().slice(0, 300)}`);
  });
  page.on('pageerror', (err) => note(`page error: ${err.message.slice(0, 300)}`));
}

/** The built server and a headless browser, for one spec file. */
export interface TestEnv {
  app: RunningApp;
  browser: Browser;
  /** A fresh browser profile on the app (desktop size unless told). */
  newPage(options?: PageOptions): Promise<{ context: BrowserContext; page: Page }>;
  stop(): Promise<void>;
}

/** `env`: extra environment for the server (added to the defaults). */
export async function startTestEnv({ env }: { env?: Record<string, string> } = {}): Promise<TestEnv> {
  const app = await startApp(env ? { env } : {});
  let browser: Browser;
  try {
    browser = await launchBrowser();
  } catch (error) {
    await app.stop();
    throw error;
  }
  return {
    app,
    browser,
    async newPage({ viewport = viewports.desktop, locale, timezoneId, storageState, timeoutMs = 30_000 } = {}) {
      const context = await browser.newContext({
        viewport,
        baseURL: app.url,
        ...(locale ? { locale } : {}),
        ...(timezoneId ? { timezoneId } : {}),
        ...(storageState ? { storageState } : {}),
      });
      const page = await context.newPage();
      page.setDefaultTimeout(timeoutMs);
      keepJournal(page);
      return { context, page };
    },
    async stop() {
      await browser.close();
      await app.stop();
    },
  };
}

/** A still picture in e2e/screenshots/{name}.png: CSS animations finished, fonts loaded, layout settled. */
export async function shot(page: Page, name: string, { fullPage = false }: { fullPage?: boolean } = {}): Promise<void> {
  // A page behind another of its browser draws a frame or two a second: in front, the frames below come at once.
  await page.bringToFront();
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // A whole page is pictured as a person scrolling through it sees it: the blocks the browser
  // draws only near the viewport (`render-later`) drawn too.
  const drawAll = (all: boolean) =>
    page.evaluate((on) => {
      for (const block of document.querySelectorAll<HTMLElement>('.render-later')) block.style.contentVisibility = on ? 'visible' : '';
    }, all);
  if (fullPage) await drawAll(true);
  // Two frames: a change that has just rendered (and any scroll it causes) is on screen.
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  await page.screenshot({ path: screenshotPath(name), animations: 'disabled', fullPage });
  if (fullPage) await drawAll(false);
}

export async function visible(page: Page, text: string | RegExp): Promise<void> {
  await page.getByText(text).first().waitFor({ state: 'visible' });
}
