import type { Locale } from '@charla/shared';

/** Every message the app sends by e-mail, and the values each one needs. */
export interface MailTemplates {
  /** A link to choose a new password; it works for `minutes`. */
  'password-reset': { name: string; link: string; minutes: number };
  /** Someone invites a person to work on their business's assistants. */
  'team-invitation': { inviter: string; business: string; role: string; link: string };
  /** A partner opened an account for a client on the partner's site: a link to choose a password, good for `days`. */
  'client-welcome': { partner: string; name: string; link: string; days: number };
  /** A customer asked to talk with a person. */
  'handoff-notice': { contact: string; bot: string; link: string };
  /** A customer booked an appointment; `startsAt` is shown in the bot's time zone. */
  'booking-notice': { contact: string; bot: string; startsAt: Date | string; timeZone: string; link: string };
}

export type MailTemplate = keyof MailTemplates;
export const mailTemplates = ['password-reset', 'team-invitation', 'client-welcome', 'handoff-notice', 'booking-notice'] as const satisfies readonly MailTemplate[];

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

/** Text as HTML: the five characters that could open markup or end an attribute. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** Only web links go into a message; anything else becomes an empty link. */
function safeLink(link: string): string {
  try {
    const url = new URL(link);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.toString() : '';
  } catch {
    return '';
  }
}

/** Subjects and headers are one line. */
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim();

const roleNames: Record<Locale, Record<string, string>> = {
  es: { owner: 'propietario', admin: 'administrador', agent: 'agente' },
  en: { owner: 'owner', admin: 'administrator', agent: 'agent' },
};

function formatWhen(startsAt: Date | string, timeZone: string, locale: Locale): string {
  const date = new Date(startsAt);
  const tag = locale === 'es' ? 'es-MX' : 'en-US';
  try {
    return new Intl.DateTimeFormat(tag, { dateStyle: 'full', timeStyle: 'short', timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat(tag, { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' }).format(date) + ' (UTC)';
  }
}

/** What one message says: a greeting, paragraphs, a button, a closing line. Plain strings, escaped when made HTML. */
interface Body {
  subject: string;
  greeting?: string;
  paragraphs: string[];
  button: { label: string; link: string };
  after?: string[];
}

const footer: Record<Locale, string> = {
  es: 'Charla · Asistentes de ventas con IA',
  en: 'Charla · AI sales assistants',
};

const linkHint: Record<Locale, string> = {
  es: 'Si el botón no funciona, copia y pega este enlace en tu navegador:',
  en: 'If the button does not work, copy and paste this link into your browser:',
};

function bodyOf<T extends MailTemplate>(template: T, locale: Locale, params: MailTemplates[T]): Body {
  const es = locale === 'es';
  switch (template) {
    case 'password-reset': {
      const p = params as MailTemplates['password-reset'];
      return es
        ? {
            subject: 'Restablece tu contraseña de Charla',
            greeting: `Hola, ${p.name}:`,
            paragraphs: ['Recibimos una solicitud para restablecer la contraseña de tu cuenta. Para elegir una nueva, abre este enlace:'],
            button: { label: 'Restablecer contraseña', link: p.link },
            after: [
              `El enlace funciona durante ${p.minutes} minutos y solo una vez. Al usarlo se cerrará la sesión en todos tus dispositivos.`,
              'Si no lo pediste tú, ignora este correo: tu contraseña no cambiará.',
            ],
          }
        : {
            subject: 'Reset your Charla password',
            greeting: `Hi ${p.name},`,
            paragraphs: ['We received a request to reset the password of your account. To choose a new one, open this link:'],
            button: { label: 'Reset password', link: p.link },
            after: [
              `The link works for ${p.minutes} minutes and only once. Using it signs you out on all your devices.`,
              'If you did not ask for it, ignore this e-mail: your password will not change.',
            ],
          };
    }
    case 'team-invitation': {
      const p = params as MailTemplates['team-invitation'];
      const role = roleNames[locale][p.role] ?? p.role;
      return es
        ? {
            subject: `${p.inviter} te invitó a ${p.business} en Charla`,
            paragraphs: [`${p.inviter} te invitó a unirte al equipo de ${p.business} en Charla como ${role}.`, 'Para aceptar la invitación, abre este enlace:'],
            button: { label: 'Aceptar invitación', link: p.link },
            after: ['Si no esperabas esta invitación, puedes ignorar este correo.'],
          }
        : {
            subject: `${p.inviter} invited you to ${p.business} on Charla`,
            paragraphs: [`${p.inviter} invited you to join the ${p.business} team on Charla as ${role}.`, 'To accept the invitation, open this link:'],
            button: { label: 'Accept invitation', link: p.link },
            after: ['If you were not expecting this invitation, you can ignore this e-mail.'],
          };
    }
    case 'client-welcome': {
      const p = params as MailTemplates['client-welcome'];
      return es
        ? {
            subject: `${p.partner} te abrió una cuenta`,
            greeting: `Hola, ${p.name}:`,
            paragraphs: [`${p.partner} te abrió una cuenta para administrar tus asistentes de ventas.`, 'Para elegir tu contraseña y entrar, abre este enlace:'],
            button: { label: 'Elegir contraseña', link: p.link },
            after: [`El enlace funciona durante ${p.days} días y solo una vez.`],
          }
        : {
            subject: `${p.partner} opened an account for you`,
            greeting: `Hi ${p.name},`,
            paragraphs: [`${p.partner} opened an account for you to manage your sales assistants.`, 'To choose your password and sign in, open this link:'],
            button: { label: 'Choose password', link: p.link },
            after: [`The link works for ${p.days} days and only once.`],
          };
    }
    case 'handoff-notice': {
      const p = params as MailTemplates['handoff-notice'];
      return es
        ? {
            subject: `${p.contact} quiere hablar con una persona`,
            paragraphs: [`${p.contact} pidió hablar con una persona en la conversación con ${p.bot}. El asistente dejó de responder en esa conversación hasta que la devuelvas.`],
            button: { label: 'Abrir la conversación', link: p.link },
          }
        : {
            subject: `${p.contact} wants to talk to a person`,
            paragraphs: [`${p.contact} asked to talk to a person in the conversation with ${p.bot}. The assistant stopped answering in that conversation until you hand it back.`],
            button: { label: 'Open the conversation', link: p.link },
          };
    }
    case 'booking-notice': {
      const p = params as MailTemplates['booking-notice'];
      const when = formatWhen(p.startsAt, p.timeZone, locale);
      return es
        ? {
            subject: `Nueva cita: ${p.contact}`,
            paragraphs: [`${p.contact} agendó una cita con ${p.bot} para el ${when} (${p.timeZone}).`],
            button: { label: 'Ver la cita', link: p.link },
          }
        : {
            subject: `New booking: ${p.contact}`,
            paragraphs: [`${p.contact} booked an appointment with ${p.bot} for ${when} (${p.timeZone}).`],
            button: { label: 'See the booking', link: p.link },
          };
    }
    default:
      throw new Error(`Unknown mail template: ${String(template)}`);
  }
}

/** One message in one language: its subject, plain text and simple HTML (every value escaped). */
export function renderMail<T extends MailTemplate>(template: T, locale: Locale, params: MailTemplates[T]): RenderedMail {
  const body = bodyOf(template, locale, params);
  const link = safeLink(body.button.link);
  const text = [
    ...(body.greeting ? [body.greeting, ''] : []),
    ...body.paragraphs.flatMap((p) => [p, '']),
    link,
    '',
    ...(body.after ?? []).flatMap((p) => [p, '']),
    '—',
    footer[locale],
    '',
  ].join('\n');
  const p = (t: string) => `<p style="margin:0 0 16px">${escapeHtml(t)}</p>`;
  const html = `<!doctype html>
<html lang="${locale}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(oneLine(body.subject))}</title></head>
<body style="margin:0;padding:24px;background:#f4f4f5;font-family:Arial,Helvetica,sans-serif;color:#18181b;font-size:15px;line-height:1.5">
<div style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
${body.greeting ? p(body.greeting) : ''}
${body.paragraphs.map(p).join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(link)}" style="display:inline-block;background:#4f46e5;color:#ffffff;text-decoration:none;padding:12px 20px;border-radius:8px;font-weight:bold">${escapeHtml(body.button.label)}</a></p>
${(body.after ?? []).map(p).join('\n')}
<p style="margin:24px 0 0;font-size:13px;color:#71717a">${escapeHtml(linkHint[locale])}<br><a href="${escapeHtml(link)}" style="color:#4f46e5;word-break:break-all">${escapeHtml(link)}</a></p>
</div>
<p style="text-align:center;font-size:12px;color:#a1a1aa;margin:16px 0 0">${escapeHtml(footer[locale])}</p>
</body>
</html>
`;
  return { subject: oneLine(body.subject), text, html };
}
