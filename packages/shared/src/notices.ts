import type { Locale } from './locale.ts';
import type { ErrorCode } from './errors.ts';
import { errorMessages } from './messages.ts';

/**
 * Why a message could not be sent, why a channel stopped or why a WhatsApp session ended, in
 * words for the owner. Rows keep the code (and its parameters, see notices.ts), never the words:
 * each reader sees them in their own language. Codes the API also answers with (WINDOW_CLOSED,
 * CHANNEL_NOT_CONNECTED, CHANNEL_NEEDS_REAUTH, CHANNEL_ACCOUNT_TAKEN) are worded once, in
 * errorMessages.
 */
export const channelErrorMessages = {
  SEND_UNCONFIRMED: {
    es: 'Meta no confirmó el envío y no lo reintentamos para que nunca llegue dos veces. Revisa la conversación antes de reenviarlo.',
    en: 'Meta did not confirm the message and it was not retried, so it never arrives twice. Check the conversation before sending it again.',
  },
  META_RATE_LIMITED: {
    es: 'Meta limitó los envíos de este número por ahora. El mensaje no se envió tras varios intentos.',
    en: 'Meta is limiting this number for now. The message was not sent after several attempts.',
  },
  META_UNAVAILABLE: {
    es: 'Meta no respondió tras varios intentos. El mensaje no se envió.',
    en: 'Meta did not answer after several attempts. The message was not sent.',
  },
  RECIPIENT_UNAVAILABLE: {
    es: 'El cliente no puede recibir mensajes en este momento (no tiene la app o no aceptó las condiciones).',
    en: 'The customer cannot receive messages right now (no app, or terms not accepted).',
  },
  TEMPLATE_ERROR: {
    es: 'Meta rechazó la plantilla configurada (nombre, idioma o variables). Revísala en WhatsApp Manager.',
    en: 'Meta refused the configured template (name, language or variables). Check it in WhatsApp Manager.',
  },
  MESSAGE_REJECTED: { es: 'Meta rechazó el mensaje.', en: 'Meta refused the message.' },
  MEDIA_ERROR: { es: 'Meta no pudo procesar el archivo adjunto.', en: 'Meta could not process the attachment.' },
  SPAM_LIMIT: {
    es: 'Meta limitó este número por la calidad de sus mensajes. Revisa su estado en WhatsApp Manager.',
    en: 'Meta limited this number because of message quality. Check it in WhatsApp Manager.',
  },
  MARKETING_LIMIT: {
    es: 'Meta no entregó el mensaje: el cliente ya recibió muchos mensajes de marketing o los desactivó.',
    en: 'Meta did not deliver the message: the customer got too many marketing messages or turned them off.',
  },
  ACCOUNT_RESTRICTED: {
    es: 'La cuenta de Meta está restringida o tiene un problema de pago. Revísala en Meta Business Suite.',
    en: 'The Meta account is restricted or has a payment problem. Check it in Meta Business Suite.',
  },
  PERMISSION_MISSING: {
    es: 'El token no tiene los permisos necesarios para este número o página. Vuelve a conectar el canal.',
    en: 'The token lacks the permissions this number or page needs. Connect the channel again.',
  },
  NUMBER_NOT_REGISTERED: {
    es: 'El número no está registrado en la API de WhatsApp. Vuelve a conectarlo.',
    en: 'The number is not registered on the WhatsApp API. Connect it again.',
  },
  NO_RECIPIENT: { es: 'No encontramos el número de WhatsApp del cliente.', en: "We could not find the customer's WhatsApp number." },
  PEER_UNAVAILABLE: {
    es: 'El servidor que atiende este WhatsApp no respondió tras varios intentos. El mensaje no se envió.',
    en: 'The server handling this WhatsApp did not answer after several attempts. The message was not sent.',
  },
  /** WhatsApp by QR refused the message; `detail` holds its words. */
  WHATSAPP_REFUSED: { es: 'WhatsApp no aceptó el mensaje: {detail}', en: 'WhatsApp did not accept the message: {detail}' },
  /** A failure stored before codes were kept; `detail` holds its words as they were. */
  SEND_FAILED: { es: 'El mensaje no se envió: {detail}', en: 'The message was not sent: {detail}' },
  QR_TIMEOUT: {
    es: 'Nadie escaneó el código QR a tiempo. Vuelve a conectar para generar uno nuevo.',
    en: 'Nobody scanned the QR code in time. Connect again to get a new one.',
  },
  WHATSAPP_UNREACHABLE: {
    es: 'No pudimos llegar a WhatsApp: el servidor no obtuvo respuesta y no se generó ningún código QR. Revisa la conexión a internet del servidor y vuelve a conectar.',
    en: 'We could not reach WhatsApp: the server got no answer and no QR code was drawn. Check the server\'s internet connection and connect again.',
  },
  WHATSAPP_LOGGED_OUT: {
    es: 'La sesión de WhatsApp se cerró desde el teléfono (Dispositivos vinculados). Conecta de nuevo y escanea un código QR nuevo.',
    en: 'The WhatsApp session was closed from the phone (Linked devices). Connect again and scan a new QR code.',
  },
  WHATSAPP_NUMBER_BLOCKED: {
    es: 'WhatsApp bloqueó o restringió este número y cerró la sesión. Revisa el número en la aplicación de WhatsApp antes de volver a conectarlo.',
    en: 'WhatsApp blocked or restricted this number and closed the session. Check the number in the WhatsApp app before connecting it again.',
  },
  UNKNOWN: { es: 'Meta no aceptó la solicitud.', en: 'Meta did not accept the request.' },
} as const satisfies Record<string, Record<Locale, string>>;
const sharedWithErrors = ['WINDOW_CLOSED', 'CHANNEL_NOT_CONNECTED', 'CHANNEL_NEEDS_REAUTH', 'CHANNEL_ACCOUNT_TAKEN'] as const satisfies readonly ErrorCode[];
export type ChannelErrorCode = keyof typeof channelErrorMessages | (typeof sharedWithErrors)[number];
export const channelErrorCodes = [...(Object.keys(channelErrorMessages) as (keyof typeof channelErrorMessages)[]), ...sharedWithErrors] as const satisfies readonly ChannelErrorCode[];

/** A channel error code in words; Meta's own code is added when there is one. */
export function channelErrorMessage(code: string, locale: Locale, metaCode?: number | null): string {
  const entry =
    (channelErrorMessages as Record<string, Record<Locale, string>>)[code] ?? (errorMessages as Record<string, Record<Locale, string>>)[code] ?? channelErrorMessages.UNKNOWN;
  return metaCode ? `${entry[locale]} (Meta ${metaCode})` : entry[locale];
}

/**
 * What a row keeps of a failure or a notice for the owner (a message that could not be sent, a
 * WhatsApp session that ended): a code of the catalogue (channelErrorMessages, errorMessages) and
 * the values its words need. `metaCode` is Meta's own error number; `detail`, words a channel gave.
 */
export type NoticeParams = Record<string, string | number>;
export interface Notice {
  code: string;
  params?: NoticeParams | undefined;
}

/** A notice in the reader's language: the code's words with its parameters filled in. */
export function noticeText(n: Notice, locale: Locale): string {
  const metaCode = n.params?.metaCode;
  const text = channelErrorMessage(n.code, locale, typeof metaCode === 'number' ? metaCode : null);
  return fillWords(text, n.params);
}

/** Words of a catalogue with their `{name}` places filled ("{{1}}" of a template is left alone). */
export function fillWords(text: string, params: NoticeParams | undefined): string {
  return text.replace(/\{([a-zA-Z]+)\}/g, (_, key: string) => String(params?.[key] ?? ''));
}

/** A channel error code as a notice, with Meta's number when Meta gave one. */
export const channelNotice = (code: ChannelErrorCode, metaCode?: number | null): Notice => ({ code, ...(metaCode ? { params: { metaCode } } : {}) });
