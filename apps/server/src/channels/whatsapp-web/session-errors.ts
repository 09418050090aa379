/** A send that cannot happen now; the message's job tries again later. */
export class WhatsappWebError extends Error {
  constructor(
    readonly code: 'CHANNEL_NOT_CONNECTED' | 'NO_RECIPIENT' | 'PEER_UNAVAILABLE',
    detail?: string,
  ) {
    super(detail ?? code);
  }
}

/** What the conversations module stores after a send: WhatsApp's id of the message, or why it failed for good. */
export type SendOutcome = { externalId?: string } | { failed: string };

export const sendFailures = {
  CHANNEL_NOT_CONNECTED: 'WhatsApp (QR) no está conectado y el mensaje no se envió tras varios intentos. Conecta el número en Canales.',
  NO_RECIPIENT: 'No encontramos el número de WhatsApp del cliente.',
  PEER_UNAVAILABLE: 'El servidor que atiende este WhatsApp no respondió tras varios intentos. El mensaje no se envió.',
} as const;

export const pairErrors = {
  qrTimeout: 'Nadie escaneó el código QR a tiempo. Vuelve a conectar para generar uno nuevo.',
  loggedOut: 'La sesión de WhatsApp se cerró desde el teléfono (Dispositivos vinculados). Conecta de nuevo y escanea un código QR nuevo.',
  forbidden: 'WhatsApp bloqueó o restringió este número y cerró la sesión. Revisa el número en la aplicación de WhatsApp antes de volver a conectarlo.',
  numberTaken: 'Ese número de WhatsApp ya está conectado a otro asistente. Desconéctalo allí primero y vuelve a escanear el código QR.',
} as const;
