import { plainText } from './plain-text.ts';
import { nearlyEqual, sameWord } from './word-match.ts';

/** What a customer's message asks for. Several can hold at once ("Hola, ¿cuánto cuesta…?"). */
export interface Intents {
  greeting: boolean;
  thanks: boolean;
  goodbye: boolean;
  /** Wants a person: "quiero hablar con una persona", "que me llame un asesor". */
  handoff: boolean;
  /** "¿Eres un bot?", "¿hablo con una persona?" */
  botQuestion: boolean;
  booking: boolean;
  /** "¿Tienen lugar el jueves?", "¿hay disponibilidad…?" */
  availability: boolean;
  reschedule: boolean;
  cancel: boolean;
  /** Said as a condition or a doubt ("¿qué pasa si cancelo?"): a question about the rule, not a request. */
  hypothetical: boolean;
  confirm: boolean;
  deny: boolean;
  question: boolean;
  /** Pain, urgency or a complaint: the reply starts with understanding. */
  distress: boolean;
}

const NEGATION = /\b(?:no|ni|nunca|tampoco|sin|dont|not|never)\s+(?:[^\s,.;:!?]+\s+){0,2}$/;

/**
 * Lower case, accents removed, letters repeated three or more times made one, punctuation kept
 * (a comma ends a negation: "No, quiero hablar con una persona"). "sí" with its accent is "yes".
 */
function looseText(message: string): string {
  return message
    .normalize('NFC')
    .replace(/(?<!\p{L})s[íÍ](?!\p{L})/gu, 'yes')
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/(\p{L})\1{2,}/gu, '$1')
    .replace(/['’]/g, '')
    .replace(/[¿¡"“”()]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The first match of `re` in `text` that no "no" in the three words before rules out. */
function affirmed(text: string, re: RegExp): boolean {
  const global = new RegExp(re.source, re.flags.includes('g') ? re.flags : `${re.flags}g`);
  for (const m of text.matchAll(global)) {
    if (!NEGATION.test(text.slice(0, m.index ?? 0))) return true;
  }
  return false;
}

const PEOPLE =
  'persona|personas|humano|humana|asesor|asesora|asesores|agente|ejecutivo|ejecutiva|representante|encargado|encargada|' +
  'gerente|dueno|duena|responsable|alguien|vendedor|vendedora|recepcion|recepcionista|operador|operadora|supervisor|' +
  'person|human|agent|representative|someone|somebody|manager|staff|doctor|doctora|dentista|medico|medica|licenciado|licenciada|' +
  'abogado|abogada|jefe|jefa|coordinador|coordinadora|director|directora|dueno|admisiones|ventas|soporte|caja|' +
  'veterinario|veterinaria|especialista|entrenador|entrenadora|instructor|instructora|maestro|maestra|profesor|profesora|odontologo|odontologa';

const HANDOFF = [
  new RegExp(
    String.raw`\b(?:hablar|platicar|comunicarme|comunicar|contactar|conversar|chatear|talk|speak|chat)\s+(?:[a-z]+mente\s+|directly\s+|personally\s+)?(?:con|to|with)\s+(?:(?:un|una|el|la|los|las|algun|alguna|a|an|the|your|su|sus|tu|tus)\s+)?(?:${PEOPLE})\b`,
  ),
  /\b(?:me|nos)\s+(?:llame|llamen|marque|marquen|contacte|contacten|hable|hablen|comunique|comuniquen|atienda|atiendan)\b/,
  /\b(?:me|nos)\s+(?:pueden|puede|podrian|podria|podrias|puedes)\s+(?:llamar|marcar|contactar|hablar)\b/,
  new RegExp(String.raw`\b(?:me|nos)\s+(?:comunicas|comunica|comunican|pasas|pasa|pasan|transfieres|transfiere|conectas|conecta|enlazas)\s+(?:con|a)\s+(?:(?:un|una|el|la|algun|alguna|alguien\s+de)\s+)?(?:${PEOPLE})\b`),
  /\b(?:llamarme|marcarme|contactarme|comunicarme|llamenme|marquenme|llameme|marqueme|contactenme|contacteme|llamame|marcame|contactame|hablame|hablenme)\b/,
  /^(?:un |una |el |la |con (?:un |una )?)?(?:asesor|asesora|agente|humano|persona|operador|operadora|ejecutivo|ejecutiva|representante)(?: real)?(?:,? (?:por favor|porfa|please))?[.!?]*$/,
  /\batencion\s+(?:humana|personal|personalizada|a\s+clientes)\b/,
  new RegExp(String.raw`\b(?:quiero|quisiera|necesito|prefiero|ocupo|pasame|paseme|pasenme|comuniqueme|comunicame|comuniquenme|transfiereme|transfierame)\s+(?:(?:con|a)\s+)?(?:(?:un|una|el|la|algun|alguna)\s+)?(?:${PEOPLE})\b`),
  /\b(?:real person|live agent|customer service|call me|contact me)\b/,
];

const BOT_QUESTION = [
  /\b(?:eres|es|sera|seras|estoy hablando con|hablo con|me atiende|me contesta|me responde|are you|is this|am i talking to|am i chatting with)\s+(?:un|una|a|an)?\s*(?:bot|robot|chatbot|maquina|ia|inteligencia artificial|humano|humana|persona|real|ai|human|person|programa|asistente virtual|computadora)\b/,
  /\b(?:con quien hablo|quien me atiende|quien eres|who are you|who am i talking to|esto es automatico|es automatico|eres automatico|contestadora automatica)\b/,
];

const BOOKING = [
  /\b(?:agendar|agendo|agende|agendame|agendarme|agendeme|reservar|reservo|reservame|reservarme|reserveme|apartar|aparto|apartame|apartarme|programar|programame)\b/,
  /\b(?:sacar|hacer|pedir|solicitar|tomar|separar)\s+(?:una\s+|un\s+)?(?:cita|reserva|reservacion|turno|consulta|visita)\b/,
  /\b(?:quiero|quisiera|necesito|me gustaria|puedo|podria|busco|deseo|ocupo|queria|dame|deme|me da|me das)\s+(?:tener\s+)?(?:una\s+|un\s+)?(?:cita|reserva|reservacion|turno|visita)\b/,
  /\b(?:book|schedule|make an appointment|make a reservation|an appointment|a reservation)\b/,
  /\b(?:me|nos)\s+(?:agendas|agenda|agendan|agendaria|agendarias|reservas|reserva|reservan|apartas|aparta|apartan|anotas|anota|anotan|apuntas|apunta|apuntan)\b/,
  // "¿Puedo ir a conocer el colegio el sábado a las 10?": coming over at a stated time is a visit to
  // book ("¿puedo ir a ver una propiedad el domingo?" only asks whether they show them then).
  /\b(?:puedo|podemos|podria|podriamos|quiero|quisiera|queremos|me gustaria|nos gustaria)\s+(?:ir|pasar|venir|visitarlos|visitarles|visitar)\b.{0,60}\ba las \d{1,2}\b/,
];

const BOOKING_VERBS = ['agendar', 'reservar', 'agendame', 'reservame', 'apartar', 'apartame'];
/** Words near a booking verb that are no typo. */
const REAL_WORDS = new Set(['reserva', 'reservas', 'reservo', 'reserve', 'reservan', 'agenda', 'agendas', 'agendan', 'apartan', 'apartado', 'apartas', 'aparta']);

const AVAILABILITY = /\b(?:disponibilidad|citas?\s+disponibles?|lugares?\s+disponibles?|hay\s+(?:algo|algun\s+horario)\s+(?:libre|disponible)|tienen\s+disponible|hay\s+(?:lugar|espacio|cupo|citas?|horarios?)|tienen\s+(?:lugar|espacio|cupo|citas?|horarios?)|tiene\s+(?:lugar|espacio|cupo)|horarios?\s+(?:libres?|disponibles?)|availability|any slots?|free slots?)\b/;

const RESCHEDULE = [
  /\b(?:reagendar|reagenda|reagendame|reagende|reprogramar|reprograma|reprogramame|posponer|pospon|aplazar|reschedule)\b/,
  /\b(?:cambiar|cambiame|cambieme|cambio|mover|muevo|moverla|recorrer|recorrerla|adelantar|atrasar)\s+(?:de\s+)?(?:mi\s+|la\s+|el\s+|una\s+)?(?:cita|reserva|reservacion|turno|visita|hora|horario|fecha|dia)\b/,
  /\bchange\s+(?:my|the)\s+(?:appointment|booking|reservation|time|date)\b/,
  // "¿Puedo cambiarla al sábado?": the appointment named by a pronoun.
  /\b(?:cambiarla|cambiarlo|cambiala|cambialo|moverla|moverlo|muevela|muevelo|pasarla|pasarlo|pasala|pasalo|recorrela|recorrelo|recorrerlo|adelantarla|adelantarlo|atrasarla|atrasarlo|reagendarla|reagendarlo|reprogramarla|reprogramarlo)\b/,
  /\bmove\s+(?:my|the)\s+(?:appointment|booking|reservation)\b/,
];

const CANCEL = [
  /\b(?:cancelar|cancela|cancelame|cancelen|cancelo|cancele|anular|anula|anulen|cancel)\b.{0,30}\b(?:cita|reserva|reservacion|turno|visita|appointment|booking|reservation)\b/,
  /\b(?:quiero|quisiera|necesito|puedo|podria|deseo)\s+(?:cancelar|anular)\b/,
  /^(?:cancelar|cancela|cancelala|cancelalo|cancel)$/,
];

const HYPOTHETICAL = /\b(?:si|que pasa si|en caso de que|if|what if|politica|politicas)\s+(?:\S+\s+){0,2}(?:cancel|cambi|reagend|no llego|no asisto|llego tarde)/;

const AFFIRMATIVE_START =
  /^(?:yes|si|sip|simon|claro|claro que si|confirmo|confirmado|confirmada|confirmar|va|vale|ok|okay|okey|oki|perfecto|de acuerdo|dale|sale|correcto|exacto|asi es|esta bien|adelante|me parece bien|listo|yes|yeah|yep|sure|por supuesto|aja|andale|orale|eso|bien|genial|excelente|muy bien|me parece|agendala|agendalo|reservala|reservalo)\b/;
const AFFIRMATIVE_ANYWHERE = /\b(?:confirmo|confirmado|confirmada|de acuerdo|me parece bien|esta bien|por favor agend|si por favor|si claro|claro que si)\b/;
const AFFIRMATIVE_WORDS = ['confirmo', 'perfecto', 'correcto', 'claro', 'confirmado', 'excelente'];
const NEGATIVE_START = /^(?:no|nop|nope|nel|nah|para nada|mejor no|negativo|ninguno|ninguna|cancela|olvidalo|olvidelo|dejalo|no gracias|nevermind|never mind)\b/;
const NEGATIVE_ANYWHERE = /\b(?:no gracias|ya no|no puedo|no me (?:queda|funciona|sirve|acomoda|conviene)|mejor no|no quiero|no confirmo)\b/;

const GREETING = /\b(?:hola|holi|ola|buen(?:os|as)?\s+(?:dias|tardes|noches)|buenas|buen dia|saludos|que tal|hey|hi|hello|good\s+(?:morning|afternoon|evening))\b/;
const THANKS = /\b(?:gracias|grax|thx|thanks|thank you|te agradezco|le agradezco|agradecid[oa]|muy amable)\b/;
const GOODBYE = /\b(?:adios|bye|hasta luego|hasta pronto|hasta la proxima|nos vemos|chao|chau|bonito dia|bonita tarde|buen fin|que (?:tengas|tenga|tengan) (?:buen|bonito|excelente|lindo)|see you|goodbye|have a (?:nice|good) day)\b/;
const QUESTION_START =
  /^(?:y\s+)?(?:que|cual|cuales|cuanto|cuanta|cuantos|cuantas|donde|adonde|como|cuando|quien|quienes|por que|porque|tienen|tiene|tienes|hay|aceptan|acepta|manejan|maneja|venden|vende|hacen|hace|dan|ofrecen|ofrece|puedo|puedes|puede|pueden|se puede|atienden|atiende|rentan|renta|incluye|cobran|cobra|es|son|esta|estan|what|which|how|where|when|who|why|do|does|is|are|can|could)\b/;
const INFO_REQUEST = /\b(?:me gustaria saber|quisiera saber|quiero saber|informacion|info|me interesa|me interesan|detalles|precio|precios|costo|costos|cotizacion|cotizar|requisitos)\b/;
/** Said by someone in pain, in a hurry or upset; a question about urgent care is not. */
const DISTRESS =
  /\b(?:me duele|me duelen|me esta doliendo|dolor\b|dolores\b|tengo (?:una |un )?(?:urgencia|emergencia|problema)|es (?:una )?(?:urgencia|emergencia)|urgente|queja|reclamo|molest[oa]|enojad[oa]|inconforme|mal servicio|preocupad[oa]|lastim|sangr)/;

/** Reads what a message asks for, accent- and case-insensitive, in Spanish or English. */
export function detectIntents(message: string): Intents {
  const text = looseText(message);
  const firstWords = plainText(message).split(' ').slice(0, 3);
  const any = (res: RegExp[]) => res.some((re) => affirmed(text, re));
  const hypothetical = HYPOTHETICAL.test(text);
  const deny = NEGATIVE_START.test(text) || NEGATIVE_ANYWHERE.test(text);
  const confirm =
    !NEGATIVE_START.test(text) &&
    !hypothetical &&
    (AFFIRMATIVE_START.test(text) ||
      affirmed(text, AFFIRMATIVE_ANYWHERE) ||
      firstWords.some((w) => w.length >= 5 && AFFIRMATIVE_WORDS.some((a) => sameWord(w, a))) ||
      /^(?:👍|👌|✅|🙌)/u.test(message.trim()));
  const handoff = any(HANDOFF);
  // "ajendar", "resevar": booking verbs one typo away.
  const misspelledBooking = plainText(message)
    .split(' ')
    .some((w, i, all) => w.length >= 6 && !REAL_WORDS.has(w) && BOOKING_VERBS.some((v) => nearlyEqual(w, v)) && !/^(?:no|ni)$/.test(all[i - 1] ?? '') && !/^(?:no|ni)$/.test(all[i - 2] ?? ''));
  return {
    greeting: GREETING.test(text),
    thanks: THANKS.test(text),
    goodbye: GOODBYE.test(text),
    handoff,
    botQuestion: !handoff && any(BOT_QUESTION),
    booking: !hypothetical && (any(BOOKING) || misspelledBooking),
    availability: affirmed(text, AVAILABILITY),
    reschedule: !hypothetical && any(RESCHEDULE),
    cancel: !hypothetical && any(CANCEL),
    hypothetical,
    confirm,
    deny,
    question: message.includes('?') || QUESTION_START.test(text) || INFO_REQUEST.test(text),
    distress: DISTRESS.test(text),
  };
}
