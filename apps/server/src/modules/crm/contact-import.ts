import type { CountryCode } from 'libphonenumber-js';
import {
  checkPhone,
  contactImportProblem,
  crmLimits,
  foldHeader,
  suggestColumns,
  type ContactImportMapping,
  type ContactImportProblem,
  type ContactImportTarget,
  type ImportResult,
  type Locale,
  type PhoneProblem,
} from '@charla/shared';
import type { ExtractedCsv } from '../training/index.ts';
import type { ContactFieldRow } from './contact-fields.repository.ts';
import type { ImportedContact, StageRow } from './crm.repository.ts';
import { parseFieldValue } from './custom-field-values.ts';

/** Column names (folded) that name each contact field, in Spanish and English; the export's headers among them. */
const hints: (readonly [Exclude<ContactImportTarget, 'ignore' | `field:${string}`>, RegExp])[] = [
  ['name', /^(nombre|nombre completo|cliente|contacto|name|full name|contact)$/],
  ['phone', /^(telefono|tel|celular|movil|whatsapp|numero|phone|mobile|phone number)$/],
  ['email', /^(correo|correo electronico|email|e-mail|mail)$/],
  ['tags', /^(etiquetas|etiqueta|tags|tag|labels)$/],
  ['stage', /^(etapa|fase|estado|stage|status)$/],
  ['marketingConsent', /^(acepta marketing|marketing|consentimiento|marketing consent|consent)$/],
  ['interest', /^(interes|interest)$/],
  ['product', /^(producto|product)$/],
  ['budget', /^(presupuesto|budget)$/],
];

/** The mapping the import screen starts with: contact fields by their usual names, the owner's fields by theirs. */
export function suggestContactMapping(columns: string[], fields: ContactFieldRow[]): ContactImportMapping {
  const byName = new Map(fields.map((f) => [foldHeader(f.name), `field:${f.id}` as const]));
  const guessed = suggestColumns(columns, hints, 'ignore');
  return Object.fromEntries(columns.map((c) => [c, byName.get(foldHeader(c)) ?? guessed[c]!]));
}

const phoneProblem: Record<PhoneProblem, ContactImportProblem> = { phone: 'PHONE_INVALID', phone_short: 'PHONE_SHORT', phone_long: 'PHONE_LONG' };
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const NO = /^(no|n|false|falso|0|opt[- ]?out|baja)$/;

export interface ImportContext {
  stages: StageRow[];
  fields: ContactFieldRow[];
  /** The country of numbers written without "+". */
  country: CountryCode;
  locale: Locale;
  /** The bot's contacts already known, by phone (E.164) and by e-mail (lower case). */
  byPhone: Map<string, string>;
  byEmail: Map<string, string>;
}

export interface ReadImport {
  created: ImportedContact[];
  updated: (ImportedContact & { id: string })[];
  errors: ImportResult['errors'];
}

/**
 * Reads an import's rows with the owner's mapping. A row needs a name, a phone or an e-mail;
 * phones become E.164 (`country` for numbers without "+"); a row whose phone or e-mail belongs to
 * a known contact (or to an earlier row) updates that contact. A bad value skips its row with
 * the row's number (the header is row 1) and the reason in the owner's language.
 */
export function readContactRows(csv: ExtractedCsv, mapping: ContactImportMapping, ctx: ImportContext): ReadImport {
  const { locale } = ctx;
  const stagesByName = new Map(ctx.stages.map((s) => [foldHeader(s.name), s]));
  const fieldsById = new Map(ctx.fields.map((f) => [f.id, f]));
  const first = ctx.stages[0]!;
  const out: ReadImport = { created: [], updated: [], errors: [] };
  const seen = new Map<string, number>();
  const columns = csv.columns.map((c) => [c, mapping[c] ?? 'ignore'] as const).filter(([, t]) => t !== 'ignore');

  csv.rows.forEach((raw, i) => {
    const row = i + 2;
    const fail = (code: ContactImportProblem, params?: { value?: string; field?: string; row?: number }) => void out.errors.push({ row, message: contactImportProblem(code, locale, params) });
    const c: ImportedContact = { stageId: first.id, stageFromFile: false };
    for (const [column, target] of columns) {
      const v = (raw[column] ?? '').trim();
      if (!v) continue;
      switch (target) {
        case 'name':
          c.name = v.slice(0, crmLimits.name);
          break;
        case 'phone': {
          const checked = checkPhone(v, ctx.country);
          if (!checked.ok) return fail(phoneProblem[checked.problem], { value: v });
          c.phone = checked.e164;
          break;
        }
        case 'email':
          if (!EMAIL.test(v) || v.length > crmLimits.email) return fail('EMAIL_INVALID', { value: v });
          c.email = v.toLowerCase();
          break;
        case 'tags':
          c.tags = [...new Set(v.split(v.includes(';') ? ';' : ',').map((t) => t.trim().slice(0, crmLimits.tag)).filter(Boolean))].slice(0, crmLimits.tags);
          break;
        case 'stage': {
          const stage = stagesByName.get(foldHeader(v));
          if (!stage) return fail('STAGE_UNKNOWN', { value: v });
          c.stageId = stage.id;
          c.stageFromFile = true;
          break;
        }
        case 'marketingConsent':
          c.marketingConsent = !NO.test(foldHeader(v));
          break;
        case 'interest':
        case 'product':
        case 'budget':
          c.captured = { ...c.captured, [target]: v.slice(0, crmLimits.captured) };
          break;
        default: {
          const field = fieldsById.get(target.slice('field:'.length));
          if (!field) break;
          const value = parseFieldValue(field, v);
          if (value === undefined) return fail('FIELD_INVALID', { value: v, field: field.name });
          c.customFields = { ...c.customFields, [field.id]: value };
        }
      }
    }
    if (!c.name && !c.phone && !c.email) return fail('NO_PERSON');
    const keys = [c.phone && `p:${c.phone}`, c.email && `e:${c.email}`].filter(Boolean) as string[];
    const earlier = keys.map((k) => seen.get(k)).find((r) => r !== undefined);
    if (earlier !== undefined) return fail('REPEATED', { row: earlier });
    for (const k of keys) seen.set(k, row);
    const id = (c.phone && ctx.byPhone.get(c.phone)) || (c.email && ctx.byEmail.get(c.email));
    if (id) out.updated.push({ ...c, id });
    else out.created.push(c);
  });
  return out;
}
