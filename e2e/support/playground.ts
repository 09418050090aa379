import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

/** Opens the bot's "Probar asistente" panel from its personalization page. */
export async function openPlayground(page: Page, botId: string): Promise<Locator> {
  await page.goto(`/app/dashboard/${botId}/personalizacion`);
  await page.getByRole('button', { name: 'Probar asistente' }).click();
  const panel = page.getByRole('dialog', { name: 'Probar asistente' });
  await panel.waitFor();
  return panel;
}

export const botMessages = (panel: Locator) => panel.locator('li[data-author="bot"]');

/**
 * Writes as a customer (Enter sends) and waits for the bot's answer to this message: the own
 * bubble shows at once, then at least one new reply, then no more typing. Answers the last of
 * the new replies (this one, not whichever is newest later) and their texts joined by " ⏎ ".
 */
export async function askInPlayground(panel: Locator, text: string): Promise<{ reply: Locator; text: string }> {
  const before = await botMessages(panel).count();
  const box = panel.getByRole('textbox', { name: 'Mensaje como cliente' });
  await box.fill(text);
  // Enter sends only once the chat is ready (its history loaded, the socket joined).
  await expect.poll(() => panel.getByRole('button', { name: 'Enviar' }).isEnabled(), { timeout: 30_000 }).toBe(true);
  await box.press('Enter');
  await expect.poll(() => box.inputValue()).toBe('');
  await panel.locator('li[data-author="customer"]').filter({ hasText: text }).last().waitFor();
  await expect.poll(() => botMessages(panel).count(), { timeout: 20_000 }).toBeGreaterThan(before);
  await panel.getByTestId('typing').waitFor({ state: 'detached' });
  const count = await botMessages(panel).count();
  const replies: string[] = [];
  for (let i = before; i < count; i++) replies.push((await botMessages(panel).nth(i).locator('[data-text]').innerText()).replace(/\s+/g, ' ').trim());
  return { reply: botMessages(panel).nth(count - 1), text: replies.join(' ⏎ ') };
}
