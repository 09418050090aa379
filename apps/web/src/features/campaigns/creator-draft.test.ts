import { describe, expect, it } from 'vitest';
import type { WhatsappTemplateOption } from '@charla/shared';
import { createBody, crmFilters, emptyFilters, isCampaignTemplate, messageOf, newDraft, stepProblems, tagsOf, type StepContext } from './creator-draft.ts';

const zone = 'America/Mexico_City';
const now = new Date('2026-11-29T15:00:00Z');
const template: WhatsappTemplateOption = {
  name: 'recordatorio_entrega',
  language: 'es_MX',
  category: 'UTILITY',
  header: null,
  body: 'Hola {{1}}, tu pedido llega el {{2}}.',
  footer: null,
  variables: 2,
  with_text: false,
  problem: 'TOO_MANY_VARIABLES',
};
const ctx = (over: Partial<StepContext> = {}): StepContext => ({ recipients: 3, template: null, timeZone: zone, now, ...over });

describe('campaign creator draft', () => {
  it('sends only the filters the owner set, days from midnight in the bot zone', () => {
    expect(crmFilters(emptyFilters, zone)).toEqual({});
    expect(crmFilters({ stageIds: ['s1'], tags: ' vip, mayoreo ,vip,', channel: 'whatsapp', after: '2026-11-01', before: '' }, zone)).toEqual({
      stageIds: ['s1'],
      tags: ['vip', 'mayoreo'],
      channel: 'whatsapp',
      lastContactAfter: '2026-11-01T06:00:00.000Z',
    });
    expect(tagsOf(',,')).toEqual([]);
  });

  it('asks for a name and someone to send to before the message', () => {
    const draft = newDraft('whatsapp', '2026-11-29', '09:00');
    expect(stepProblems('audience', draft, ctx({ recipients: 0 }))).toEqual(['name_required', 'audience_empty']);
    expect(stepProblems('audience', { ...draft, name: 'Buen Fin' }, ctx({ recipients: null }))).toEqual(['audience_pending']);
    expect(stepProblems('audience', { ...draft, name: 'Buen Fin', audienceKind: 'csv' }, ctx())).toEqual(['csv_required']);
    expect(stepProblems('audience', { ...draft, name: 'Buen Fin' }, ctx())).toEqual([]);
  });

  it('asks for every template variable, and a file when the header is one', () => {
    const draft = { ...newDraft('whatsapp', '2026-11-29', '09:00'), template: 'recordatorio_entrega|es_MX', bodyVariables: ['{{nombre}}', ' '] };
    expect(stepProblems('message', draft, ctx())).toEqual(['template_required']);
    expect(stepProblems('message', draft, ctx({ template }))).toEqual(['variable_required']);
    const media = { ...template, problem: 'HEADER_MEDIA' as const, variables: 0 };
    expect(stepProblems('message', { ...draft, bodyVariables: [] }, ctx({ template: media }))).toEqual(['header_media_required']);
    expect(stepProblems('message', { ...draft, bodyVariables: [], headerMedia: { type: 'image', url: 'ftp://x', filename: '' } }, ctx({ template: media }))).toEqual(['media_url']);
  });

  it('takes a QR message with a file and no text, but not an empty one', () => {
    const draft = newDraft('whatsmeow', '2026-11-29', '09:00');
    expect(stepProblems('message', draft, ctx())).toEqual(['text_required']);
    expect(stepProblems('message', { ...draft, media: { type: 'image', url: 'https://cdn.example.com/promo.jpg', filename: '' } }, ctx())).toEqual([]);
    expect(messageOf({ ...draft, text: ' Hola {{nombre}} ' })).toEqual({ kind: 'text', text: 'Hola {{nombre}}', optOutLine: true });
    // Messenger carries text only.
    expect(messageOf({ ...newDraft('messenger', '', ''), text: 'Hola', media: { type: 'image', url: 'https://x.mx/a.jpg', filename: '' } })).toEqual({ kind: 'text', text: 'Hola', optOutLine: false });
  });

  it('schedules in the bot zone, never in the past', () => {
    const draft = { ...newDraft('whatsmeow', '2026-11-29', '08:00'), when: 'later' as const };
    expect(stepProblems('schedule', draft, ctx())).toEqual(['schedule_past']);
    expect(stepProblems('schedule', { ...draft, time: '' }, ctx())).toEqual(['schedule_invalid']);
    expect(stepProblems('schedule', { ...draft, time: '10:30' }, ctx())).toEqual([]);
    const body = createBody({ ...draft, name: ' Buen Fin ', time: '10:30', text: 'Hola' }, 'bot-1', zone);
    expect(body).toMatchObject({ botId: 'bot-1', name: 'Buen Fin', channel: 'whatsmeow', audience: { kind: 'crm', filters: {} }, scheduledAt: '2026-11-29T16:30:00.000Z' });
  });

  it('offers the templates a campaign can fill', () => {
    expect(isCampaignTemplate(template)).toBe(true);
    expect(isCampaignTemplate({ ...template, problem: 'BUTTON_VARIABLE' })).toBe(false);
    expect(isCampaignTemplate({ ...template, problem: null })).toBe(true);
  });
});
