export interface Lead {
  name?: string;
  email?: string;
  /** Digits, with a leading + when the customer wrote one. */
  phone?: string;
  /** The message without the contact details: what is left to answer. */
  rest: string;
}

const EMAIL = /[\p{L}0-9._%+-]+@[\p{L}0-9-]+(?:\.[\p{L}0-9-]+)*\.[\p{L}]{2,}/gu;
const PHONE = /\+?\(?\d[\d\s().-]{7,}\d/g;

/** After these words, what follows is the customer's name, written in any case. */
const STRONG_TRIGGERS = String.raw`me\s+llamo|mi\s+nombre\s+es|a\s+nombre\s+de|mi\s+nombre:|nombre:|my\s+name\s+is|le\s+escribe|te\s+escribe|les\s+escribe`;
/** After these, only a word that looks like a name ("soy Marta", not "soy de Monterrey"). */
const WEAK_TRIGGERS = String.raw`soy|habla|i\s+am|i'm|this\s+is`;
const TRIGGER = new RegExp(String.raw`(?<![\p{L}])(${STRONG_TRIGGERS}|${WEAK_TRIGGERS})\s+`, 'giu');

const fold = (w: string) => w.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();

/** Words that are never a name, nor start one. */
const NOT_NAMES = new Set(
  (
    'de del el la los las un una uno y e o u a al en con para por que quien como cuando donde mi mis tu su sus yo ' +
    'cliente clienta paciente socio socia miembro nuevo nueva nuevos estudiante alumno alumna mama papa madre padre ' +
    'hijo hija esposo esposa dueno duena agente asesor asesora doctor doctora dr dra sr sra senor senora senorita ' +
    'muy bien mal alergico alergica diabetico diabetica menor mayor foraneo foranea interesado interesada nuevo ' +
    'quiero quisiera necesito tengo busco estoy estaba me te le nos les se ya no si sí tambien mas solo aqui alla ' +
    'gracias hola buenas buenos dias tardes noches favor porfa porfavor cita reserva correo email telefono tel cel celular ' +
    'numero whatsapp the an from here new not and or my is am interested looking calling writing just also ' +
    'vecino vecina empleado empleada trabajador trabajadora ingeniero ingeniera licenciado licenciada maestro maestra ' +
    'originario originaria residente turista extranjero extranjera mexicano mexicana usuario usuaria parte amigo amiga'
  ).split(' '),
);

/** Frequent first names, so "soy marta" written in lower case is still a name. */
const FIRST_NAMES = new Set(
  (
    'maria jose juan luis carlos jorge pedro miguel ana laura sofia lucia marta martha carmen rosa elena patricia ' +
    'fernando francisco javier alejandro alejandra antonio manuel ricardo roberto eduardo daniel daniela diego david ' +
    'andres andrea gabriela gabriel mariana monica veronica claudia adriana paola fernanda valeria camila isabel ' +
    'raul sergio arturo hector oscar enrique rafael mario alberto jesus guadalupe lupita margarita leticia silvia ' +
    'teresa beatriz gloria alicia susana karla karina diana carolina natalia paulina ximena regina renata victoria ' +
    'pablo ivan emilio santiago sebastian mateo nicolas tomas samuel joaquin ignacio rodrigo gerardo armando ' +
    'alfredo salvador ramon ruben victor hugo cesar julio julia jimena angel angela marco marcos cristina cristian ' +
    'brenda lorena norma yolanda irma elizabeth liliana sandra erika erick alan axel kevin bruno emiliano leonardo ' +
    'ernesto esteban felipe gustavo ismael jaime omar orlando rosario estela mercedes pilar fabiola vanessa jessica ' +
    'john james robert michael william mary jennifer linda sarah emily'
  ).split(' '),
);

/** Whether a plain word is a frequent first name. */
export const isFirstName = (word: string): boolean => FIRST_NAMES.has(fold(word));

/** "soy el ingeniero Raúl Ortega", "habla la Lic. Ana Ruiz": a title before the name. */
const TITLE = /^(?:(?:el|la)\s+)?(?:ingenier[oa]|ing|licenciad[oa]|lic|doctor[a]?|dr[a]?|arquitect[oa]|arq|maestr[oa]|mtr[oa]|profesor[a]?|prof|señor[a]?|senor[a]?|sr[a]?|srita)\.?\s+/i;

const NAME_WORD = /^[\p{L}][\p{L}'’-]*$/u;
const CONNECTORS = new Set(['de', 'del', 'la', 'los', 'las']);
const isCapitalized = (w: string) => /^\p{Lu}/u.test(w);
const capitalize = (w: string) => (CONNECTORS.has(w.toLowerCase()) ? w.toLowerCase() : w.charAt(0).toUpperCase() + w.slice(1).toLowerCase());

interface NameMatch {
  name: string;
  start: number;
  end: number;
}

/** The name after a trigger, or undefined when what follows does not read as a name. */
function nameAfter(text: string, from: number, strong: boolean): { name: string; end: number } | undefined {
  const tokens = [...text.slice(from).matchAll(/[^\s,.;:!?¿¡()"]+|[,.;:!?¿¡()"]/gu)];
  const words: string[] = [];
  let end = from;
  for (const [k, t] of tokens.entries()) {
    const word = t[0];
    const folded = fold(word);
    if (!NAME_WORD.test(word)) break;
    // "María de la Luz": "de", "la" join two capitalized names.
    const nextName = tokens.slice(k + 1).find((n) => !CONNECTORS.has(fold(n[0])));
    const connector = CONNECTORS.has(folded) && words.length >= 1 && nextName !== undefined && isCapitalized(nextName[0]);
    if (!connector && NOT_NAMES.has(folded)) break;
    if (!strong && !connector && !isCapitalized(word) && !(words.length === 0 && FIRST_NAMES.has(folded))) {
      // After a weak trigger, a lower-case word continues a name only when the first was a known name.
      if (words.length === 0 || !FIRST_NAMES.has(fold(words[0]!))) break;
    }
    words.push(word);
    end = from + (t.index ?? 0) + word.length;
    if (words.length >= 5) break;
  }
  while (words.length && CONNECTORS.has(fold(words.at(-1)!))) words.pop();
  if (!words.length) return undefined;
  const first = fold(words[0]!);
  if (NOT_NAMES.has(first) || first.length < 2) return undefined;
  return { name: words.map(capitalize).join(' '), end };
}

function findName(text: string): NameMatch | undefined {
  for (const m of text.matchAll(TRIGGER)) {
    const trigger = fold(m[1] ?? '').replace(/\s+/g, ' ');
    const strong = new RegExp(`^(?:${STRONG_TRIGGERS})$`, 'i').test(trigger);
    let start = (m.index ?? 0) + m[0].length;
    const title = text.slice(start).match(TITLE);
    if (title) start += title[0].length;
    const found = nameAfter(text, start, strong || Boolean(title));
    if (found) return { name: found.name, start: m.index ?? 0, end: found.end };
  }
  return undefined;
}

const COURTESY = /[\s,.;!]+(?:gracias|muchas gracias|por favor|porfa|please|thanks|saludos)?[\s.!]*$/i;

/** A message that is only a name, as an answer to "¿a nombre de quién?": "Laura Gómez", "Laura, gracias". */
export function bareName(message: string): string | undefined {
  const text = message.trim().replace(COURTESY, '').replace(/[.!]+$/, '');
  const words = text.split(/\s+/);
  if (words.length < 1 || words.length > 5) return undefined;
  if (!words.every((w) => NAME_WORD.test(w))) return undefined;
  if (words.some((w, i) => NOT_NAMES.has(fold(w)) && !(i > 0 && CONNECTORS.has(fold(w))))) return undefined;
  const found = nameAfter(text, 0, true);
  return found && found.end === text.length ? found.name : undefined;
}

const LEAD_LABELS =
  /(?:\b(?:y|and)\s+)?\b(?:mi|my|el|su)\s+(?:correo(?:\s+electr[oó]nico)?|email|e-mail|mail|tel[eé]fono|tel|cel|celular|whatsapp|n[uú]mero(?:\s+de\s+(?:tel[eé]fono|celular|whatsapp))?|phone(?:\s+number)?)(?:\s+(?:es|is|:))?\s*:?/giu;

/** The customer's name, e-mail and phone in a message, and the message without them. */
export function captureLead(message: string): Lead {
  const lead: Lead = { rest: message };
  let rest = message;

  const email = rest.match(EMAIL)?.[0];
  if (email) {
    lead.email = email.toLowerCase();
    rest = rest.replace(email, ' ');
  }

  for (const m of rest.matchAll(PHONE)) {
    const raw = m[0];
    const digits = raw.replace(/\D/g, '');
    const before = rest.slice(Math.max(0, (m.index ?? 0) - 2), m.index ?? 0);
    if (digits.length < 10 || digits.length > 15 || /\$\s*$/.test(before)) continue;
    // Dates and times are not phone numbers ("2026-03-05 10:00").
    if (/^\d{4}-\d{1,2}-\d{1,2}/.test(raw.trim())) continue;
    lead.phone = (raw.trim().startsWith('+') ? '+' : '') + digits;
    rest = rest.replace(raw, ' ');
    break;
  }

  const name = findName(rest);
  if (name) {
    lead.name = name.name;
    rest = `${rest.slice(0, name.start)} ${rest.slice(name.end)}`;
  }

  // "mi correo es", "mi cel:" lose their value; other mentions ("¿cuál es el número?") stay.
  lead.rest = (lead.email || lead.phone ? rest.replace(LEAD_LABELS, ' ') : rest)
    .replace(/\s+([,.;:?!])/g, '$1')
    .replace(/([,;:])(?:\s*[,;:.])+/g, '$1')
    .replace(/^[\s,;:.]+|[\s,;:]+$/g, '')
    .replace(/\s+/g, ' ')
    .trim();
  return lead;
}
