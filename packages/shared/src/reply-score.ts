/**
 * The scoring of the conversation evaluation (the datasets' README), in one place: the eval
 * command scores its cases with it, and the assistant's saved tests ("Pruebas del asistente")
 * are scored by the same function. No dependency, so the browser may import it
 * (`@charla/shared/reply-score`).
 */

/** The matching form of the evaluation: lower case, no accents, one space, no thousands separators. */
export function normalizeForMatch(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/(\d)[,.](?=\d{3}(?!\d))/g, '$1')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A group matches when the text holds any one of its alternatives. */
export function matchesGroup(text: string, group: string[]): boolean {
  const t = normalizeForMatch(text);
  return group.some((alt) => t.includes(normalizeForMatch(alt)));
}

export const matchesAll = (text: string, groups: string[][] = []) => groups.every((g) => matchesGroup(text, g));
export const matchesAny = (text: string, groups: string[][] = []) => groups.some((g) => matchesGroup(text, g));

/** Fallback phrases of the evaluation (normalized): the bot says it lacks the fact or offers a person. */
export const fallbackPhrases = [
  'no tengo', 'no cuento con', 'no dispongo', 'no puedo confirmar', 'no manejamos', 'no ofrecemos', 'no contamos', 'no tenemos',
  'asesor', 'una persona', 'un agente', 'alguien de nuestro equipo', 'te comunico', 'te paso con', 'te contactara',
];

/** What a case expects (the scored fields of a dataset's case). */
export interface ScoredCase {
  type: 'answer' | 'fallback' | 'handoff' | 'booking';
  expect?: string[][];
  expect_not?: string[][];
  expect_contact?: { name?: string; email?: string; phone?: string };
  expect_appointment?: { start: string; name: string };
}

export interface CaseOutcome {
  lastReply: string;
  handedOff: boolean;
  contact: { name: string; email: string; phone: string };
  /** Confirmed appointments of the conversation, start in the bot's local time "YYYY-MM-DDTHH:MM". */
  appointments: { localStart: string; contactName: string }[];
}

const digits = (s: string) => s.replace(/\D/g, '');

/** Scores one case exactly as the datasets' README says; answers the reason of a failure. */
export function scoreCase(c: ScoredCase, o: CaseOutcome): { pass: boolean; reason?: string } {
  const fail = (reason: string) => ({ pass: false, reason });
  const reply = o.lastReply;
  switch (c.type) {
    case 'answer':
      if (!matchesAll(reply, c.expect)) return fail('the reply lacks an expected fact');
      break;
    case 'fallback':
      if (!fallbackPhrases.some((p) => normalizeForMatch(reply).includes(p))) return fail('no fallback phrase');
      break;
    case 'handoff':
      if (!o.handedOff) return fail('not handed off');
      break;
    case 'booking': {
      const want = c.expect_appointment!;
      if (o.appointments.length !== 1) return fail(`${o.appointments.length} appointments`);
      const [a] = o.appointments;
      if (a!.localStart !== want.start) return fail(`booked ${a!.localStart}, expected ${want.start}`);
      if (normalizeForMatch(a!.contactName) !== normalizeForMatch(want.name)) return fail(`booked for "${a!.contactName}"`);
      break;
    }
  }
  if (c.expect_not && matchesAny(reply, c.expect_not)) return fail('the reply holds a forbidden string');
  const wanted = c.expect_contact;
  if (wanted) {
    if (wanted.name && normalizeForMatch(o.contact.name) !== normalizeForMatch(wanted.name)) return fail(`contact name "${o.contact.name}"`);
    if (wanted.email && o.contact.email.toLowerCase() !== wanted.email.toLowerCase()) return fail(`contact e-mail "${o.contact.email}"`);
    if (wanted.phone && digits(o.contact.phone) !== digits(wanted.phone)) return fail(`contact phone "${o.contact.phone}"`);
  }
  return { pass: true };
}
