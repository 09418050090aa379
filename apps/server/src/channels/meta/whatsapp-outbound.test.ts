import { describe, expect, it } from 'vitest';
import type { ReplyChoices } from '@charla/shared';
import { messengerImageWithText, messengerMessageBody } from '../messenger/messenger-outbound.ts';
import { playgroundChannel } from '../playground/playground.channel.ts';
import { whatsappImageWithText, whatsappMessageBody } from '../whatsapp-cloud/whatsapp-outbound.ts';
import { whatsappWebImageWithText } from '../whatsapp-web/whatsapp-web-outbound.ts';
import { metaExamples, metaSchema } from './test-support/meta-openapi.ts';

const to = '5213312345678';
const yesNo: ReplyChoices = { label: 'Responder', options: [{ id: 'yes', title: 'Sí, confirmo' }, { id: 'no', title: 'No' }] };
/** Free times of a day as the offline engine offers them. */
const slots = (n: number): ReplyChoices => ({
  label: 'Ver horarios',
  options: Array.from({ length: n }, (_, i) => ({ id: `slot:2026-03-06T${String(15 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}:00.000Z`, title: `${9 + Math.floor(i / 2)}:${i % 2 ? '30' : '00'} a. m.`, description: 'viernes 6 de marzo' })),
});
const ask = '¿A qué hora te gustaría el viernes 6 de marzo? Hay lugar a las 9:00 a. m., 9:30 a. m. o 10:00 a. m.';
const bodyOf = (...args: Parameters<typeof whatsappMessageBody>) => {
  const built = whatsappMessageBody(...args);
  if ('failed' in built) throw new Error(built.failed);
  return built.body;
};

describe("WhatsApp message bodies against Meta's OpenAPI schema", () => {
  const valid = (body: unknown) => {
    const validate = metaSchema('Message');
    const ok = validate(body);
    return ok || validate.errors;
  };

  it('the schema check itself accepts a valid example of the file and refuses broken bodies', () => {
    expect(valid(metaExamples('/{Version}/{Phone-Number-ID}/messages')['Send Text Message'])).toBe(true);
    const good = { messaging_product: 'whatsapp', recipient_type: 'individual', to, type: 'text', text: { body: 'Hola' } };
    expect(valid(good)).toBe(true);
    expect(valid({ ...good, to: undefined })).not.toBe(true);
    expect(valid({ ...good, colour: 'red' })).not.toBe(true);
    expect(valid({ ...good, text: { body: 'Hola', bold: true } })).not.toBe(true);
    expect(valid({ ...good, type: 'image' })).not.toBe(true);
  });

  it('text, cut to 4096 characters, link previews off', () => {
    const body = bodyOf({ text: 'x'.repeat(5000), media: null }, to, true, null);
    expect(valid(body)).toBe(true);
    expect(body).toMatchObject({ type: 'text', text: { body: 'x'.repeat(4096), preview_url: false } });
  });

  it('an image or a document by link, the text as caption; audio without caption', () => {
    for (const type of ['image', 'document', 'video'] as const) {
      const body = bodyOf({ text: 'Nuestro catálogo', media: [{ type, url: `https://charla.mx/files/catalogo.${type}` }] }, to, true, null);
      expect(valid(body), type).toBe(true);
      expect(body).toMatchObject({ type, [type]: { link: `https://charla.mx/files/catalogo.${type}`, caption: 'Nuestro catálogo' } });
    }
    const audio = bodyOf({ text: 'Escucha', media: [{ type: 'audio', url: 'https://charla.mx/files/nota.ogg' }] }, to, true, null);
    expect(valid(audio)).toBe(true);
    expect(audio).toEqual({ messaging_product: 'whatsapp', recipient_type: 'individual', to, type: 'audio', audio: { link: 'https://charla.mx/files/nota.ogg' } });
  });

  it('a kept file by the id Meta gave its upload, a document with its name; not uploaded, the text alone', () => {
    const kept = { type: 'document', file: 'm1-0.pdf', mime: 'application/pdf', name: 'cotización.pdf' };
    const body = bodyOf({ text: 'Su cotización', media: [kept] }, to, true, null, '4490709327384033');
    expect(valid(body)).toBe(true);
    expect(body).toMatchObject({ type: 'document', document: { id: '4490709327384033', caption: 'Su cotización', filename: 'cotización.pdf' } });
    const picture = bodyOf({ text: '', media: [{ type: 'image', file: 'm2-0.png', mime: 'image/png' }] }, to, true, null, '4490709327384034');
    expect(valid(picture)).toBe(true);
    expect(picture).toMatchObject({ type: 'image', image: { id: '4490709327384034' } });
    expect(bodyOf({ text: 'Su cotización', media: [kept] }, to, true, null)).toMatchObject({ type: 'text', text: { body: 'Su cotización' } });
    // A WebP picture, or one over 5 MB, is no inline image on WhatsApp: it goes as a document with its name.
    for (const big of [{ mime: 'image/webp', size: 1000 }, { mime: 'image/png', size: 6 * 1024 * 1024 }]) {
      const doc = bodyOf({ text: 'Así queda', media: [{ type: 'image', file: 'm3-0.img', name: 'ramo', ...big }] }, to, true, null, '4490709327384035');
      expect(valid(doc)).toBe(true);
      expect(doc).toMatchObject({ type: 'document', document: { id: '4490709327384035', caption: 'Así queda', filename: 'ramo' } });
    }
  });

  it('outside the 24-hour window: the template (its variable without line breaks), or WINDOW_CLOSED', () => {
    expect(whatsappMessageBody({ text: 'Hola', media: null }, to, false, null)).toEqual({ failed: 'WINDOW_CLOSED' });
    const withText = bodyOf({ text: 'Su cita:\n\tmañana    a las 10', media: null }, to, false, { name: 'recordatorio', language: 'es_MX', withText: true });
    expect(valid(withText)).toBe(true);
    expect(withText).toMatchObject({ template: { components: [{ type: 'body', parameters: [{ type: 'text', text: 'Su cita: mañana   a las 10' }] }] } });
    const fixed = bodyOf({ text: 'Hola', media: null }, to, false, { name: 'retomar_conversacion', language: 'es', withText: false });
    expect(valid(fixed)).toBe(true);
    expect(fixed).toEqual({ messaging_product: 'whatsapp', recipient_type: 'individual', to, type: 'template', template: { name: 'retomar_conversacion', language: { policy: 'deterministic', code: 'es' } } });
  });
});

describe("WhatsApp options to tap against Meta's OpenAPI schema", () => {
  const valid = (body: unknown) => {
    const validate = metaSchema('Message');
    return validate(body) || validate.errors;
  };

  it('the schema check accepts the reply-button and list examples of the file and refuses bodies over its limits', () => {
    const examples = metaExamples('/{Version}/{Phone-Number-ID}/messages');
    expect(valid(examples['Send Reply Button'])).toBe(true);
    expect(valid(examples['Send List Message'])).toBe(true);
    const buttons = bodyOf({ text: '¿Confirmo?', media: null, choices: yesNo }, to, true, null);
    const tooMany = structuredClone(buttons) as { interactive: { action: { buttons: unknown[] } } };
    tooMany.interactive.action.buttons.push(...tooMany.interactive.action.buttons);
    expect(valid(tooMany)).not.toBe(true);
    const longTitle = structuredClone(buttons) as { interactive: { action: { buttons: { reply: { title: string } }[] } } };
    longTitle.interactive.action.buttons[0]!.reply.title = 'x'.repeat(21);
    expect(valid(longTitle)).not.toBe(true);
  });

  it('up to three short options: reply buttons under the text', () => {
    const body = bodyOf({ text: '¿Confirmo tu cita a nombre de Ana para el viernes 6 de marzo a las 9:00 a. m.?', media: null, choices: yesNo }, to, true, null);
    expect(valid(body)).toBe(true);
    expect(body).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to,
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: '¿Confirmo tu cita a nombre de Ana para el viernes 6 de marzo a las 9:00 a. m.?' },
        action: {
          buttons: [
            { type: 'reply', reply: { id: 'yes', title: 'Sí, confirmo' } },
            { type: 'reply', reply: { id: 'no', title: 'No' } },
          ],
        },
      },
    });
    const three = bodyOf({ text: ask, media: null, choices: slots(3) }, to, true, null);
    expect(valid(three)).toBe(true);
    expect(three).toMatchObject({ interactive: { type: 'button', action: { buttons: [{ reply: { title: '9:00 a. m.' } }, {}, {}] } } });
  });

  it('four to ten options, or titles too long for a button: a list of one section', () => {
    const body = bodyOf({ text: ask, media: null, choices: slots(10) }, to, true, null);
    expect(valid(body)).toBe(true);
    expect(body).toMatchObject({ type: 'interactive', interactive: { type: 'list', body: { text: ask }, action: { button: 'Ver horarios' } } });
    const rows = (body as { interactive: { action: { sections: { rows: unknown[] }[] } } }).interactive.action.sections;
    expect(rows).toHaveLength(1);
    expect(rows[0]!.rows).toHaveLength(10);
    expect(rows[0]!.rows[0]).toEqual({ id: 'slot:2026-03-06T15:00:00.000Z', title: '9:00 a. m.', description: 'viernes 6 de marzo' });

    const wordy: ReplyChoices = {
      label: 'Elige una de las opciones de la lista',
      options: [
        { id: 'a', title: 'Limpieza dental básica', description: 'd'.repeat(100) },
        { id: 'b', title: 'Blanqueamiento' },
      ],
    };
    const list = bodyOf({ text: '¿Qué servicio te interesa?', media: null, choices: wordy }, to, true, null);
    expect(valid(list)).toBe(true);
    expect(list).toMatchObject({
      interactive: { type: 'list', action: { button: 'Elige una de las op…', sections: [{ rows: [{ title: 'Limpieza dental básica', description: `${'d'.repeat(71)}…` }, { title: 'Blanqueamiento' }] }] } },
    });
  });

  it('plain text when the options do not fit: more than ten, a title over 24, repeated titles, a body over 1024', () => {
    const text = (choices: ReplyChoices, body = ask) => bodyOf({ text: body, media: null, choices }, to, true, null);
    const plain = { type: 'text', text: { body: ask, preview_url: false } };
    expect(text(slots(11))).toMatchObject(plain);
    expect(text({ label: 'Ver', options: [{ id: 'a', title: 'x'.repeat(25) }] })).toMatchObject(plain);
    expect(text({ label: 'Ver', options: [{ id: 'a', title: 'Sí' }, { id: 'b', title: 'Sí' }] })).toMatchObject(plain);
    expect(text({ label: 'Ver', options: [{ id: 'a'.repeat(201), title: 'Uno' }, ...slots(4).options] })).toMatchObject(plain);
    expect(text(yesNo, 'y'.repeat(1025))).toMatchObject({ type: 'text', text: { body: 'y'.repeat(1025) } });
    for (const body of [text(slots(11)), text(yesNo, 'y'.repeat(1025))]) expect(valid(body)).toBe(true);
  });

  it('a file keeps its own message, and outside the 24-hour window the template path is unchanged', () => {
    const file = bodyOf({ text: 'Nuestro catálogo', media: [{ type: 'document', url: 'https://charla.mx/files/c.pdf' }], choices: yesNo }, to, true, null);
    expect(file).toMatchObject({ type: 'document' });
    expect(whatsappMessageBody({ text: ask, media: null, choices: slots(5) }, to, false, null)).toEqual({ failed: 'WINDOW_CLOSED' });
    const template = bodyOf({ text: ask, media: null, choices: slots(5) }, to, false, { name: 'recordatorio', language: 'es_MX', withText: true });
    expect(valid(template)).toBe(true);
    expect(template).toMatchObject({ type: 'template', template: { name: 'recordatorio' } });
  });
});

describe("A product's picture with a reply, against Meta's OpenAPI schema", () => {
  const valid = (body: unknown) => {
    const validate = metaSchema('Message');
    return validate(body) || validate.errors;
  };
  const picture = [{ type: 'image', url: 'https://tienda.mx/img/camisa-oxford.jpg' }];
  const reply = 'La camisa Oxford cuesta $589.00 MXN; hay 4 disponibles y color azul. ¿Te ayudo con tu compra?';

  it('WhatsApp: the image by link with the reply as its caption', () => {
    const body = bodyOf({ text: reply, media: picture }, to, true, null);
    expect(valid(body)).toBe(true);
    expect(body).toEqual({ messaging_product: 'whatsapp', recipient_type: 'individual', to, type: 'image', image: { link: picture[0]!.url, caption: reply } });
  });

  it('WhatsApp: with reply buttons the image is their header; with a list the options are kept', () => {
    const buttons = bodyOf({ text: reply, media: picture, choices: yesNo }, to, true, null);
    expect(valid(buttons)).toBe(true);
    expect(buttons).toMatchObject({
      type: 'interactive',
      interactive: { type: 'button', header: { type: 'image', image: { link: picture[0]!.url } }, body: { text: reply }, action: { buttons: expect.any(Array) } },
    });
    const list = bodyOf({ text: ask, media: picture, choices: slots(5) }, to, true, null);
    expect(valid(list)).toBe(true);
    expect(list).toMatchObject({ type: 'interactive', interactive: { type: 'list' } });
    expect((list as { interactive: Record<string, unknown> }).interactive.header).toBeUndefined();
    // The schema itself refuses a header that is neither text nor a file.
    const wrong = structuredClone(buttons) as { interactive: { header: unknown } };
    wrong.interactive.header = { type: 'sticker', sticker: { link: picture[0]!.url } };
    expect(valid(wrong)).not.toBe(true);
  });

  it('the pipeline keeps the picture on the reply only where nothing is lost, else sends it just before', () => {
    const long = 'x'.repeat(1025);
    expect(whatsappImageWithText(reply, null)).toBe(true);
    expect(whatsappImageWithText(reply, yesNo)).toBe(true);
    expect(whatsappImageWithText(ask, slots(5))).toBe(false);
    expect(whatsappImageWithText(long, null)).toBe(false);
    expect(whatsappWebImageWithText(reply)).toBe(true);
    expect(whatsappWebImageWithText(long)).toBe(false);
    expect(playgroundChannel().capabilities.imageWithText(long, slots(5))).toBe(true);
    expect(messengerImageWithText(reply)).toBe(false);
    expect(messengerImageWithText('')).toBe(true);
    // A picture alone, before a long text: no caption, and the text then goes whole.
    const alone = bodyOf({ text: '', media: picture }, to, true, null);
    expect(valid(alone)).toBe(true);
    expect(alone).toEqual({ messaging_product: 'whatsapp', recipient_type: 'individual', to, type: 'image', image: { link: picture[0]!.url } });
  });

  it('Messenger and Instagram: the picture as an image attachment of its own', () => {
    for (const channel of ['messenger', 'instagram'] as const) {
      expect(messengerMessageBody(channel, { text: '', media: picture }, 'psid')).toEqual({
        recipient: { id: 'psid' },
        messaging_type: 'RESPONSE',
        message: { attachment: { type: 'image', payload: { url: picture[0]!.url, is_reusable: false } } },
      });
    }
  });
});

describe('Messenger and Instagram message bodies', () => {
  it('options as quick replies (the id as payload), up to 13 with titles of 20 at most; otherwise the text alone', () => {
    expect(messengerMessageBody('messenger', { text: '¿Confirmo?', media: null, choices: yesNo }, 'psid')).toEqual({
      recipient: { id: 'psid' },
      messaging_type: 'RESPONSE',
      message: {
        text: '¿Confirmo?',
        quick_replies: [
          { content_type: 'text', title: 'Sí, confirmo', payload: 'yes' },
          { content_type: 'text', title: 'No', payload: 'no' },
        ],
      },
    });
    expect(messengerMessageBody('instagram', { text: ask, media: null, choices: slots(10) }, 'igsid')).toMatchObject({ message: { quick_replies: expect.any(Array) } });
    const thirteen: ReplyChoices = { label: 'Ver', options: Array.from({ length: 13 }, (_, i) => ({ id: `o${i}`, title: `Opción ${i + 1}` })) };
    expect((messengerMessageBody('messenger', { text: ask, media: null, choices: thirteen }, 'psid').message as { quick_replies: unknown[] }).quick_replies).toHaveLength(13);
    for (const choices of [
      { label: 'Ver', options: [...thirteen.options, { id: 'o13', title: 'Opción 14' }] },
      { label: 'Ver', options: [{ id: 'a', title: 'x'.repeat(21) }] },
      { label: 'Ver', options: [{ id: 'a', title: 'Sí' }, { id: 'b', title: 'Sí' }] },
    ]) {
      expect(messengerMessageBody('messenger', { text: ask, media: null, choices }, 'psid')).toEqual({ recipient: { id: 'psid' }, messaging_type: 'RESPONSE', message: { text: ask } });
    }
  });

  it('a RESPONSE with the text cut to what each channel takes, or an attachment when there is no text', () => {
    expect(messengerMessageBody('messenger', { text: 'y'.repeat(3000), media: null }, 'psid')).toEqual({ recipient: { id: 'psid' }, messaging_type: 'RESPONSE', message: { text: 'y'.repeat(2000) } });
    expect(messengerMessageBody('instagram', { text: 'y'.repeat(3000), media: null }, 'igsid')).toMatchObject({ message: { text: 'y'.repeat(1000) } });
    expect(messengerMessageBody('messenger', { text: '', media: [{ type: 'document', url: 'https://charla.mx/f.pdf' }] }, 'psid')).toMatchObject({
      message: { attachment: { type: 'file', payload: { url: 'https://charla.mx/f.pdf', is_reusable: false } } },
    });
  });
});
