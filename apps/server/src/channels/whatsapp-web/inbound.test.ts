import { describe, expect, it } from 'vitest';
import type { WAMessage } from '@whiskeysockets/baileys';
import { phoneOfJid, toInbound } from './inbound.ts';
import { incoming } from './test-support/fake-whatsapp.ts';

describe('a WhatsApp message as the pipeline takes it', () => {
  it('keeps the LID chat and the phone number beside it as the customer ids, and the phone', () => {
    const m = toInbound(incoming({ text: '¿Tienen citas el sábado?', lid: '204512345678901', phone: '5213398765432', id: '3EB0ABC', name: 'María Pérez' }))!;
    expect(m).toMatchObject({
      externalId: '3EB0ABC',
      identities: ['204512345678901@lid', '5213398765432@s.whatsapp.net'],
      phone: '+5213398765432',
      name: 'María Pérez',
      text: '¿Tienen citas el sábado?',
    });
    expect(m.media).toBeUndefined();
  });

  it('reads a chat addressed by phone number with the LID beside it, and devices in the JID', () => {
    const pn = toInbound(incoming({ addressing: 'pn', text: 'Hola' }))!;
    expect(pn.identities).toEqual(['5213398765432@s.whatsapp.net', '204512345678901@lid']);
    const device = toInbound(incoming({ remoteJid: '5213311112222:4@s.whatsapp.net', text: 'Hola' }))!;
    expect(device.identities).toEqual(['5213311112222@s.whatsapp.net']);
    expect(device.phone).toBe('+5213311112222');
  });

  it('takes the alternate number from the older senderPn field too', () => {
    const msg = incoming({ text: 'Hola' });
    msg.key = { remoteJid: '99887766@lid', fromMe: false, id: 'X1', senderPn: '5215500001111@s.whatsapp.net' } as WAMessage['key'];
    expect(toInbound(msg)).toMatchObject({ identities: ['99887766@lid', '5215500001111@s.whatsapp.net'], phone: '+5215500001111' });
  });

  it.each([
    ['extended text', { extendedTextMessage: { text: 'Quiero agendar' } }, 'Quiero agendar', undefined],
    ['image with caption', { imageMessage: { caption: '¿Tienen este modelo?', mimetype: 'image/jpeg' } }, '¿Tienen este modelo?', 'image'],
    ['image without caption', { imageMessage: { mimetype: 'image/jpeg' } }, '', 'image'],
    ['voice note', { audioMessage: { ptt: true, seconds: 7 } }, '', 'audio'],
    ['document with caption', { documentWithCaptionMessage: { message: { documentMessage: { caption: 'Mi receta', fileName: 'receta.pdf' } } } }, 'Mi receta', 'document'],
    ['sticker', { stickerMessage: { mimetype: 'image/webp' } }, '', 'sticker'],
    ['location', { locationMessage: { degreesLatitude: 20.67, degreesLongitude: -103.35 } }, '', 'location'],
    ['button reply', { buttonsResponseMessage: { selectedButtonId: 'b1', selectedDisplayText: 'Sí, confirmo' } }, 'Sí, confirmo', undefined],
    ['list reply', { listResponseMessage: { title: 'Limpieza dental', singleSelectReply: { selectedRowId: 'row-2' } } }, 'Limpieza dental', undefined],
    ['template button reply', { templateButtonReplyMessage: { selectedId: 't1', selectedDisplayText: 'Ver horarios' } }, 'Ver horarios', undefined],
    ['disappearing text', { ephemeralMessage: { message: { extendedTextMessage: { text: 'Mensaje temporal' } } } }, 'Mensaje temporal', undefined],
    ['view once image', { viewOnceMessageV2: { message: { imageMessage: { caption: 'Una vez' } } } }, 'Una vez', 'image'],
  ] as [string, WAMessage['message'], string, string | undefined][])('reads %s', (_name, message, text, media) => {
    const m = toInbound(incoming({ message }))!;
    expect(m.text).toBe(text);
    if (media) expect(m.media).toEqual([{ type: media, ...(text ? { caption: text } : {}) }]);
    else expect(m.media).toBeUndefined();
  });

  it('keeps where WhatsApp holds a file (path, key, declared length), its type and name; never for a location', () => {
    const mediaKey = new Uint8Array(32).fill(7);
    const document = { documentMessage: { directPath: '/v/t62.7119-24/abc.enc?ccb=11-4', mediaKey, fileLength: { toString: () => '2048' }, mimetype: 'application/pdf', fileName: 'receta.pdf' } };
    expect(toInbound(incoming({ message: document as WAMessage['message'] }))!.media).toEqual([
      { type: 'document', mime: 'application/pdf', name: 'receta.pdf', source: { directPath: '/v/t62.7119-24/abc.enc?ccb=11-4', mediaKey: Buffer.from(mediaKey).toString('base64'), fileLength: 2048 } },
    ]);
    expect(toInbound(incoming({ message: { imageMessage: { mimetype: 'image/jpeg', mediaKey } } }))!.media).toEqual([{ type: 'image' }]);
    expect(toInbound(incoming({ message: { locationMessage: { degreesLatitude: 20.67, degreesLongitude: -103.35 } } }))!.media).toEqual([{ type: 'location' }]);
  });

  it('leaves out our own messages, groups, status updates, broadcasts and protocol messages', () => {
    expect(toInbound(incoming({ text: 'eco', fromMe: true }))).toBeUndefined();
    expect(toInbound(incoming({ text: 'en el grupo', remoteJid: '120363025246125486@g.us', participant: '5213398765432@s.whatsapp.net' }))).toBeUndefined();
    expect(toInbound(incoming({ text: 'historia', remoteJid: 'status@broadcast', participant: '5213398765432@s.whatsapp.net' }))).toBeUndefined();
    expect(toInbound(incoming({ text: 'canal', remoteJid: '120363111111111111@newsletter' }))).toBeUndefined();
    expect(toInbound(incoming({ message: { reactionMessage: { text: '👍', key: { id: 'X' } } } }))).toBeUndefined();
    expect(toInbound(incoming({ message: { protocolMessage: { type: 0 } } }))).toBeUndefined();
    expect(toInbound(incoming({ message: null }))).toBeUndefined();
  });

  it('dates the message by its timestamp, a number or a Long', () => {
    const at = new Date('2026-03-02T17:30:00Z');
    expect(toInbound(incoming({ text: 'Hola', at }))!.at).toEqual(at);
    const msg = incoming({ text: 'Hola' });
    msg.messageTimestamp = { low: 1772472600, high: 0, unsigned: true, toString: () => '1772472600' } as unknown as WAMessage['messageTimestamp'];
    expect(toInbound(msg)!.at).toEqual(new Date(1772472600 * 1000));
  });

  it('writes a phone number from a phone JID only', () => {
    expect(phoneOfJid('5213312345678:17@s.whatsapp.net')).toBe('+5213312345678');
    expect(phoneOfJid('204512345678901@lid')).toBeUndefined();
    expect(phoneOfJid(undefined)).toBeUndefined();
  });
});
