import {
  audienceRowProblemText,
  campaignLimits,
  checkPhone,
  foldHeader,
  storableText,
  type AudienceRowProblem,
  type CampaignChannel,
  type Locale,
} from '@charla/shared';
import { readImportCsv } from '../../lib/csv-import.ts';
import { AppError } from '../../lib/errors.ts';
import { contactVariables } from './campaign-message.ts';
import type { AudienceContact, NewRecipient } from './campaigns.repository.ts';

export interface UploadedRow {
  phone: string;
  name: string;
  variables: Record<string, string>;
}

export interface InvalidRow {
  row: number;
  value: string;
  problem: AudienceRowProblem;
}

const phoneColumn = /^(tel|phone|cel|movil|whats|numero|number|wa\b)/;
const nameColumn = /^(nombre|name|cliente|contacto)/;

/**
 * The rows of an uploaded CSV of recipients: the phone column (named, or guessed from its name),
 * the name column when there is one, every other column a variable. At most 100,000 rows and 5 MB.
 */
export function readAudienceCsv(bytes: Buffer, chosenPhoneColumn: string | undefined): { columns: string[]; rows: UploadedRow[]; invalid: InvalidRow[] } {
  if (bytes.length > campaignLimits.csvBytes) throw new AppError('AUDIENCE_TOO_LARGE');
  const csv = readImportCsv(bytes, campaignLimits.csvRows + 1);
  if (csv.rows.length > campaignLimits.csvRows) throw new AppError('AUDIENCE_TOO_LARGE');
  const columns = csv.columns.slice(0, campaignLimits.csvColumns);
  const phoneCol = chosenPhoneColumn !== undefined ? columns.find((c) => c === chosenPhoneColumn || foldHeader(c) === foldHeader(chosenPhoneColumn)) : columns.find((c) => phoneColumn.test(foldHeader(c)));
  if (!phoneCol) throw new AppError('AUDIENCE_PHONE_COLUMN_MISSING', { phoneColumn: 'AUDIENCE_PHONE_COLUMN_MISSING' });
  const nameCol = columns.find((c) => c !== phoneCol && nameColumn.test(foldHeader(c)));
  const variableColumns = columns.filter((c) => c !== phoneCol).map((c) => [c, storableText(c.trim()).slice(0, campaignLimits.columnName)] as const);
  const rows: UploadedRow[] = [];
  const invalid: InvalidRow[] = [];
  csv.rows.forEach((raw, i) => {
    const phone = (raw[phoneCol] ?? '').trim();
    const variables: Record<string, string> = {};
    let tooLong = false;
    for (const [column, name] of variableColumns) {
      const value = storableText((raw[column] ?? '').trim());
      if (value.length > campaignLimits.variableValue) tooLong = true;
      variables[name] = value.slice(0, campaignLimits.variableValue);
    }
    if (tooLong) invalid.push({ row: i + 2, value: phone, problem: 'VALUE_TOO_LONG' });
    else rows.push({ phone: storableText(phone), name: nameCol ? storableText((raw[nameCol] ?? '').trim()).slice(0, 200) : '', variables });
  });
  return { columns: variableColumns.map(([, name]) => name), rows, invalid };
}

const problemOf = { phone: 'PHONE_INVALID', phone_short: 'PHONE_SHORT', phone_long: 'PHONE_LONG' } as const;

export interface BuiltAudience {
  recipients: NewRecipient[];
  total: number;
  invalid: InvalidRow[];
  duplicates: number;
  optedOut: number;
  outsideWindow: number;
}

/** CSV rows as recipients: phones in E.164 (bad ones listed), a phone repeated kept once, the opted-out left out. */
export function csvRecipients(rows: UploadedRow[], earlierInvalid: InvalidRow[], optedOut: Set<string>): BuiltAudience {
  const seen = new Set<string>();
  const out: BuiltAudience = { recipients: [], total: rows.length + earlierInvalid.length, invalid: [...earlierInvalid], duplicates: 0, optedOut: 0, outsideWindow: 0 };
  rows.forEach((r, i) => {
    if (!r.phone) return void out.invalid.push({ row: i + 2, value: '', problem: 'PHONE_MISSING' });
    const checked = checkPhone(r.phone);
    if (!checked.ok) return void out.invalid.push({ row: i + 2, value: r.phone, problem: problemOf[checked.problem] });
    if (seen.has(checked.e164)) return void out.duplicates++;
    seen.add(checked.e164);
    if (optedOut.has(checked.e164.replace(/\D/g, ''))) return void out.optedOut++;
    out.recipients.push({ address: checked.e164, phone: checked.e164, name: r.name, contactId: null, variables: r.variables });
  });
  out.invalid.sort((a, b) => a.row - b.row);
  return out;
}

const WINDOW_MS = 24 * 3_600_000;

/**
 * CRM contacts as recipients. WhatsApp: their phone (or WhatsApp id) in E.164; Messenger and
 * Instagram: their id there, and those who have not written in 24 hours are `skipped` with that
 * reason. Opted-out contacts never enter; a person reached twice is kept once.
 */
export function crmRecipients(contacts: AudienceContact[], channel: CampaignChannel, now: Date): BuiltAudience {
  const seen = new Set<string>();
  const out: BuiltAudience = { recipients: [], total: contacts.length, invalid: [], duplicates: 0, optedOut: 0, outsideWindow: 0 };
  contacts.forEach((c, i) => {
    if (!c.consent) return void out.optedOut++;
    const variables = contactVariables(c);
    if (channel === 'messenger' || channel === 'instagram') {
      if (!c.identity) return void out.invalid.push({ row: i + 1, value: c.name, problem: 'PHONE_MISSING' });
      if (seen.has(c.identity)) return void out.duplicates++;
      seen.add(c.identity);
      const open = c.lastInboundAt !== null && now.getTime() - c.lastInboundAt.getTime() < WINDOW_MS;
      if (!open) out.outsideWindow++;
      out.recipients.push({ address: c.identity, phone: c.phone, name: c.name, contactId: c.id, variables, ...(open ? {} : { skip: 'OUTSIDE_WINDOW' as const }) });
      return;
    }
    const written = c.phone || (c.identity && !c.identity.endsWith('@lid') ? `+${c.identity.replace(/@.*$/, '').replace(/\D/g, '')}` : '');
    if (!written) return void out.invalid.push({ row: i + 1, value: c.name, problem: 'PHONE_MISSING' });
    const checked = checkPhone(written);
    if (!checked.ok) return void out.invalid.push({ row: i + 1, value: written, problem: problemOf[checked.problem] });
    if (seen.has(checked.e164)) return void out.duplicates++;
    seen.add(checked.e164);
    out.recipients.push({ address: checked.e164, phone: checked.e164, name: c.name, contactId: c.id, variables });
  });
  return out;
}

/** The preview's list of bad rows, in the reader's language. */
export const invalidForPreview = (invalid: InvalidRow[], locale: Locale) =>
  invalid.slice(0, campaignLimits.invalidShown).map((r) => ({ ...r, message: audienceRowProblemText(r.problem, locale, r.value) }));
