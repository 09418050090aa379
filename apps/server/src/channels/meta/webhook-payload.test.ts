import { describe, expect, it } from 'vitest';
import { metaExamples, metaSchema } from './test-support/meta-openapi.ts';
import { messagingPayload, waStatusPayload } from './test-support/meta-test-app.ts';
import { metaEvents } from './webhook-payload.ts';

describe('reading webhook deliveries', () => {
  it("reads every example of Meta's /whatsapp/webhooks path into messages or ignored events", () => {
    const kinds = Object.fromEntries(
      Object.entries(metaExamples('/whatsapp/webhooks')).map(([name, payload]) => [name, metaEvents(payload).events.map((e) => (e.kind === 'message' ? e.message.text : `${e.kind}`))]),
    );
    expect(kinds).toEqual({
      'Text Message': ['Does it come in another color?'],
      'Text Message with Context (Product Inquiry)': ['Is this still available?'],
      'Text Message from Click to WhatsApp Ad': ['Hello! Can I get more info on this?'],
      'Reaction Message': ['ignored'],
      'Image Message': ['Taj Mahal'],
      'Location Message': ['Philz Coffee, 101 Forest Ave, Palo Alto, CA 94301 (37.44221496582, -122.16165924072)'],
      'Contact Sharing Message': ['Lucía Gómez +1 (983) 555-2319'],
      'Unsupported Message': ['ignored'],
      'Button Message': ['Unsubscribe'],
      'Interactive List Reply Message': ['Priority Mail Express'],
      'Interactive Button Reply Message': ['Cancel'],
      'Order Message': ['2 × di9ozbzfi4\n1 × nqryix03ez'],
      'System Message': ['ignored'],
      'Group Create Message': ['ignored'],
      'Group Settings Update': ['ignored'],
      'Group Remove Participants': ['ignored'],
    });
  });

  it('takes the customer from the message and the profile name from contacts', () => {
    const [event] = metaEvents(metaExamples('/whatsapp/webhooks')['Text Message']).events;
    expect(event).toEqual({
      kind: 'message',
      channel: 'whatsapp',
      account: '106540352242922',
      message: {
        contactExternalId: '16505551234',
        contactName: 'Sheena Nelson',
        contactPhone: '+16505551234',
        externalId: 'wamid.HBgLMTY1MDM4Nzk0MzkVAgASGBQzQTRBNjU5OUFFRTAzODEwMTQ0RgA=',
        text: 'Does it come in another color?',
        media: undefined,
        at: new Date(1749416383 * 1000),
      },
    });
  });

  it('reads status updates in the shape of the file\'s WebhookPayload schema, errors included', () => {
    const payload = waStatusPayload('106540352242922', [
      { id: 'wamid.A', status: 'delivered', at: new Date(1_750_000_000_000) },
      { id: 'wamid.B', status: 'failed', at: new Date(1_750_000_000_000), error: { code: 131047, title: 'Re-engagement message', details: 'More than 24 hours' } },
    ]);
    expect(metaSchema('WebhookPayload')(payload)).toBe(true);
    expect(metaEvents(payload).events).toEqual([
      { kind: 'status', channel: 'whatsapp', account: '106540352242922', externalId: 'wamid.A', status: 'delivered', at: new Date(1_750_000_000_000) },
      {
        kind: 'status',
        channel: 'whatsapp',
        account: '106540352242922',
        externalId: 'wamid.B',
        status: 'failed',
        at: new Date(1_750_000_000_000),
        error: { code: 131047, title: 'Re-engagement message', detail: 'More than 24 hours' },
      },
    ]);
  });

  it('reads Messenger and Instagram events: texts, quick replies, postbacks, attachments, deliveries and reads; echoes ignored', () => {
    const page = '1234567890';
    const t = 1_750_000_000_123;
    const { events } = metaEvents(
      messagingPayload('page', page, [
        { sender: { id: 'psid1' }, recipient: { id: page }, timestamp: t, message: { mid: 'm_1', text: 'Hola' } },
        { sender: { id: 'psid1' }, recipient: { id: page }, timestamp: t, message: { mid: 'm_2', text: 'Sí', quick_reply: { payload: 'YES' } } },
        { sender: { id: 'psid1' }, recipient: { id: page }, timestamp: t, message: { mid: 'm_3', quick_reply: { payload: 'ONLY_PAYLOAD' } } },
        { sender: { id: 'psid1' }, recipient: { id: page }, timestamp: t, postback: { mid: 'm_4', title: 'Ver precios', payload: 'PRICES' } },
        { sender: { id: 'psid1' }, recipient: { id: page }, timestamp: t, message: { mid: 'm_5', attachments: [{ type: 'audio', payload: { url: 'https://cdn.fb/a.mp4' } }] } },
        { sender: { id: page }, recipient: { id: 'psid1' }, timestamp: t, message: { mid: 'm_6', text: 'eco', is_echo: true } },
        { sender: { id: 'psid1' }, recipient: { id: page }, timestamp: t, delivery: { mids: ['m_out1', 'm_out2'], watermark: t } },
        { sender: { id: 'psid1' }, recipient: { id: page }, timestamp: t, read: { watermark: t } },
        { sender: { id: 'psid1' }, recipient: { id: page }, timestamp: t, optin: { ref: 'x' } },
      ]),
    );
    expect(events.map((e) => (e.kind === 'message' ? [e.kind, e.message.externalId, e.message.text, e.message.media ?? null] : e.kind === 'status' ? [e.kind, e.externalId, e.status] : e.kind === 'watermark' ? [e.kind, e.recipient, e.status, e.until.getTime()] : [e.kind, e.what]))).toEqual([
      ['message', 'm_1', 'Hola', null],
      ['message', 'm_2', 'Sí', null],
      ['message', 'm_3', 'ONLY_PAYLOAD', null],
      ['message', 'm_4', 'Ver precios', null],
      ['message', 'm_5', '', [{ type: 'audio', url: 'https://cdn.fb/a.mp4' }]],
      ['ignored', 'echo'],
      ['status', 'm_out1', 'delivered'],
      ['status', 'm_out2', 'delivered'],
      ['watermark', 'psid1', 'read', t],
      ['ignored', 'optin'],
    ]);
    const ig = metaEvents(messagingPayload('instagram', '1784', [{ sender: { id: 'igsid' }, recipient: { id: '1784' }, timestamp: t, message: { mid: 'aWdf', text: 'hola' } }])).events[0];
    expect(ig).toMatchObject({ kind: 'message', channel: 'instagram', account: '1784', message: { contactExternalId: 'igsid', text: 'hola' } });
  });

  it('keeps the id of a tapped option: list rows, reply buttons, template buttons, quick replies and postbacks', () => {
    const examples = metaExamples('/whatsapp/webhooks');
    const chosen = (name: string) => metaEvents(examples[name]).events.map((e) => (e.kind === 'message' ? [e.message.text, e.message.chosen] : e.kind));
    expect(chosen('Interactive List Reply Message')).toEqual([['Priority Mail Express', { id: 'priority_express', title: 'Priority Mail Express' }]]);
    expect(chosen('Interactive Button Reply Message')).toEqual([['Cancel', { id: 'cancel-button', title: 'Cancel' }]]);
    const button = metaEvents(examples['Button Message']).events[0];
    expect(button).toMatchObject({ kind: 'message', message: { text: 'Unsubscribe', chosen: { title: 'Unsubscribe' } } });
    // A reply without an id is still the customer's text.
    const noId = structuredClone(examples['Interactive Button Reply Message']) as { entry: { changes: { value: { messages: { interactive: { button_reply: { id?: string } } }[] } }[] }[] };
    delete noId.entry[0]!.changes[0]!.value.messages[0]!.interactive.button_reply.id;
    expect(metaEvents(noId).events[0]).toMatchObject({ kind: 'message', message: { text: 'Cancel' } });
    expect((metaEvents(noId).events[0] as { message: { chosen?: unknown } }).message.chosen).toBeUndefined();
    expect(chosen('Text Message')).toEqual([['Does it come in another color?', undefined]]);

    const page = '1234567890';
    const { events } = metaEvents(
      messagingPayload('page', page, [
        { sender: { id: 'psid1' }, recipient: { id: page }, timestamp: 1, message: { mid: 'm_1', text: '10:30 a. m.', quick_reply: { payload: 'slot:2026-03-06T16:30:00.000Z' } } },
        { sender: { id: 'psid1' }, recipient: { id: page }, timestamp: 2, postback: { mid: 'm_2', title: 'Ver precios', payload: 'PRICES' } },
        { sender: { id: 'psid1' }, recipient: { id: page }, timestamp: 3, message: { mid: 'm_3', text: 'Hola' } },
      ]),
    );
    expect(events.map((e) => (e.kind === 'message' ? e.message.chosen : e.kind))).toEqual([
      { id: 'slot:2026-03-06T16:30:00.000Z', title: '10:30 a. m.' },
      { id: 'PRICES', title: 'Ver precios' },
      undefined,
    ]);
  });

  it('never throws, whatever arrives', () => {
    for (const junk of [null, 42, 'x', [], {}, { object: 'page' }, { object: 'page', entry: [null, 1, { messaging: [null, { sender: 1 }] }] }, { object: 'whatsapp_business_account', entry: [{ changes: [null, { value: null }] }] }]) {
      expect(() => metaEvents(junk)).not.toThrow();
      expect(metaEvents(junk).events.every((e) => e.kind === 'ignored')).toBe(true);
    }
  });
});
