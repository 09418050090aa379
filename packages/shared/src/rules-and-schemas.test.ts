import { describe, expect, it } from 'vitest';
import { schedulingItem, updateBotBody } from './bots.ts';
import { metaRegisterBody } from './channels.ts';
import { trainingUrlBody } from './training.ts';
import { dayRangeProblems, isClockTime, isHttpUrl, isMetaId, isRegistrationPin, uploadTrainingType } from './input-rules.ts';

const botId = '5b0f1c4e-7f6a-4a53-9a2e-1d2c3b4a5f60';
const week = { monday: [], tuesday: [], wednesday: [], thursday: [], friday: [], saturday: [], sunday: [] };

describe('the zod-free rules and the schemas built on them agree', () => {
  it('Meta ids and the PIN', () => {
    expect(isMetaId(' 104857362819 ')).toBe(true);
    expect(isMetaId('1234')).toBe(false);
    expect(isMetaId('12a45')).toBe(false);
    expect(isRegistrationPin('123456')).toBe(true);
    expect(isRegistrationPin('12345')).toBe(false);
    const body = { bot_id: botId, phone_number_id: '104857362819', waba_id: '1234', pin: '12345' };
    const issues = metaRegisterBody.safeParse(body).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['waba_id', 'digits'],
      ['pin', 'pin'],
    ]);
    expect(updateBotBody.safeParse({ messengerCredentials: [{ page_id: '123456', instagram_account_id: '' }] }).success).toBe(true);
    expect(updateBotBody.safeParse({ messengerCredentials: [{ page_id: '123456', instagram_account_id: '12' }] }).success).toBe(false);
  });

  it('opening hours: a range ends after it starts, none begins inside another', () => {
    expect(isClockTime('09:30')).toBe(true);
    expect(isClockTime('24:00')).toBe(false);
    const ranges = [
      { start: '12:00', end: '15:00' },
      { start: '09:00', end: '13:00' },
      { start: '18:00', end: '17:00' },
    ];
    expect(dayRangeProblems(ranges)).toEqual([
      { index: 2, field: 'end', rule: 'range_order' },
      { index: 0, field: 'start', rule: 'range_overlap' },
    ]);
    const issues = schedulingItem.safeParse({ hours: { ...week, friday: ranges }, appointment_minutes: 30 }).error?.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual([
      ['hours.friday.2.end', 'range_order'],
      ['hours.friday.0.start', 'range_overlap'],
    ]);
  });

  it('training files and addresses', () => {
    expect(uploadTrainingType('application/vnd.ms-excel')).toBe('CSV');
    expect(uploadTrainingType('', 'precios.CSV')).toBe('CSV');
    expect(uploadTrainingType('application/pdf', 'menu.pdf')).toBe('PDF');
    expect(isHttpUrl('https://tienda.mx/precios')).toBe(true);
    expect(isHttpUrl('tienda.mx')).toBe(false);
    expect(trainingUrlBody.safeParse({ botID: botId, url: 'tienda.mx' }).success).toBe(false);
    expect(trainingUrlBody.safeParse({ botID: botId, url: ' https://tienda.mx ' }).success).toBe(true);
  });
});
