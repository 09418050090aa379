import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailText } from '../apps/server/src/test/smtp.ts';
import { signIn, signUp, type Owner } from './support/accounts.ts';
import { viewports } from './support/app.ts';
import { shot, sizeOf, startTestEnv, visible, type TestEnv } from './support/env.ts';

let env: TestEnv;

const owner: Owner = {
  name: 'Marta Ruiz',
  email: `marta.${Date.now()}@clinica.mx`,
  phone: '+52 33 2345 6789',
  password: 'primera-clave-2026',
};
const resetTo = 'segunda-clave-2026';
const changedTo = 'tercera-clave-2026';

beforeAll(async () => {
  // No SMTP server: messages are written to DATA_DIR/outbox.
  env = await startTestEnv({ env: { SMTP_URL: '', APP_URL: '' } });
});

afterAll(async () => {
  await env?.stop();
});

/** Waits for the first message of the outbox and answers its text. */
async function outboxMail(): Promise<{ file: string; text: string }> {
  const dir = path.join(env.app.dataDir, 'outbox');
  const deadline = Date.now() + 15_000;
  for (;;) {
    const files = (() => {
      try {
        return readdirSync(dir).filter((f) => f.endsWith('.eml'));
      } catch {
        return [];
      }
    })();
    if (files.length > 0) return { file: files[0]!, text: mailText(readFileSync(path.join(dir, files[0]!), 'utf8')) };
    if (Date.now() > deadline) throw new Error(`no .eml in ${dir}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('forgotten password', () => {
  it('asks for a link from the sign-in page, follows the e-mailed link, sets a new password and signs in with it', async () => {
    const first = await env.newPage();
    await signUp(first.page, owner);
    await first.context.close();

    const { context, page } = await env.newPage({ viewport: viewports.phone });
    try {
      await page.goto('/login');
      await page.getByRole('link', { name: '¿Olvidaste tu contraseña?' }).click();
      await page.waitForURL('**/recuperar-contrasena');
      await page.getByRole('heading', { name: 'Recupera tu contraseña' }).waitFor();
      await page.getByLabel('Correo electrónico').fill(owner.email.toUpperCase());
      await page.getByRole('button', { name: 'Enviar enlace' }).click();
      await visible(page, 'Si hay una cuenta con ese correo, te enviamos un enlace para restablecer tu contraseña. Revisa tu bandeja de entrada y spam.');
      await shot(page, `password-forgot-sent-${sizeOf(viewports.phone)}`);

      const mail = await outboxMail();
      expect(mail.file).toMatch(/password-reset/);
      expect(mail.text).toContain('Hola, Marta Ruiz:');
      const link = /https?:\/\/\S+\/restablecer-contrasena\?token=[A-Za-z0-9_-]+/.exec(mail.text)?.[0];
      expect(link).toBeTruthy();
      const url = new URL(link!);

      // A broken link says so and offers a new one.
      await page.goto('/restablecer-contrasena?token=no-sirve-este-enlace-viejo');
      await page.getByRole('button', { name: 'Guardar contraseña' }).waitFor();
      await page.getByLabel('Nueva contraseña', { exact: true }).fill(resetTo);
      await page.getByLabel('Confirma la nueva contraseña').fill(resetTo);
      await page.getByRole('button', { name: 'Guardar contraseña' }).click();
      await visible(page, 'El enlace para restablecer la contraseña no es válido o ya expiró. Pide uno nuevo.');
      await page.getByRole('link', { name: 'Pedir un enlace nuevo' }).waitFor();
      await shot(page, `password-reset-invalid-${sizeOf(viewports.phone)}`);

      await page.goto(`${url.pathname}${url.search}`);
      await page.getByRole('heading', { name: 'Elige una nueva contraseña' }).waitFor();
      // The same rules as the sign-up, checked before sending.
      await page.getByLabel('Nueva contraseña', { exact: true }).fill('corta');
      await page.getByLabel('Confirma la nueva contraseña').fill('otra');
      await page.getByRole('button', { name: 'Guardar contraseña' }).click();
      await visible(page, 'Usa al menos 8 caracteres.');
      await visible(page, 'Las contraseñas no coinciden.');
      await page.getByLabel('Nueva contraseña', { exact: true }).fill(resetTo);
      await page.getByLabel('Confirma la nueva contraseña').fill(resetTo);
      await shot(page, `password-reset-form-${sizeOf(viewports.phone)}`);
      await page.getByRole('button', { name: 'Guardar contraseña' }).click();
      await page.getByRole('heading', { name: 'Listo, cambiaste tu contraseña' }).waitFor();
      await shot(page, `password-reset-done-${sizeOf(viewports.phone)}`);

      // The link works once.
      await page.goto(`${url.pathname}${url.search}`);
      await page.getByLabel('Nueva contraseña', { exact: true }).fill('cuarta-clave-2026');
      await page.getByLabel('Confirma la nueva contraseña').fill('cuarta-clave-2026');
      await page.getByRole('button', { name: 'Guardar contraseña' }).click();
      await visible(page, 'El enlace para restablecer la contraseña no es válido o ya expiró. Pide uno nuevo.');

      await signIn(page, { email: owner.email, password: resetTo });
    } finally {
      await context.close();
    }
  });

  it('changes the password in mi-cuenta', async () => {
    const { context, page } = await env.newPage({ viewport: viewports.desktop });
    try {
      await signIn(page, { email: owner.email, password: resetTo });
      await page.goto('/app/dashboard/mi-cuenta');
      await page.getByRole('heading', { name: 'Contraseña', exact: true }).waitFor();
      await visible(page, 'Se cerrará la sesión en tus otros dispositivos.');
      await page.getByLabel('Contraseña actual').fill('no-es-la-actual');
      await page.getByLabel('Nueva contraseña', { exact: true }).fill(changedTo);
      await page.getByLabel('Confirma la nueva contraseña').fill(changedTo);
      await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
      await visible(page, 'La contraseña actual no es correcta.');
      await shot(page, `account-password-wrong-${sizeOf(viewports.desktop)}`, { fullPage: true });
      await page.getByLabel('Contraseña actual').fill(resetTo);
      await page.getByRole('button', { name: 'Cambiar contraseña' }).click();
      await visible(page, 'Listo, cambiaste tu contraseña.');
      // This session stays.
      await page.reload();
      await page.getByRole('heading', { name: 'Mi cuenta', level: 1 }).waitFor();
      await page.setViewportSize(viewports.phone);
      await page.getByRole('heading', { name: 'Contraseña', exact: true }).scrollIntoViewIfNeeded();
      await shot(page, `account-password-${sizeOf(viewports.phone)}`);
    } finally {
      await context.close();
    }
    const again = await env.newPage();
    try {
      await signIn(again.page, { email: owner.email, password: changedTo });
    } finally {
      await again.context.close();
    }
  });
});
