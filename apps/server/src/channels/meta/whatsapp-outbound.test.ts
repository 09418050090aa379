import { describe, expect, it } from 'vitest';
import { messengerMessageBody } from '../messenger/messenger-outbound.ts';
import { whatsappMessageBody } from '../whatsapp-cloud/whatsapp-outbound.ts';
import { metaExamples, metaSchema } from './test-support/meta-openapi.ts';

const to = '5213312345678';
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

describe('Messenger and Instagram message bodies', () => {
  it('a RESPONSE with the text cut to what each channel takes, or an attachment when there is no text', () => {
    expect(messengerMessageBody('messenger', { text: 'y'.repeat(3000), media: null }, 'psid')).toEqual({ recipient: { id: 'psid' }, messaging_type: 'RESPONSE', message: { text: 'y'.repeat(2000) } });
    expect(messengerMessageBody('instagram', { text: 'y'.repeat(3000), media: null }, 'igsid')).toMatchObject({ message: { text: 'y'.repeat(1000) } });
    expect(messengerMessageBody('messenger', { text: '', media: [{ type: 'document', url: 'https://charla.mx/f.pdf' }] }, 'psid')).toMatchObject({
      message: { attachment: { type: 'file', payload: { url: 'https://charla.mx/f.pdf', is_reusable: false } } },
    });
  });
});
