import type { z } from 'zod';
import type { ErrorCode } from './errors.ts';
import type { Locale } from './locale.ts';

/** User-facing text of each error code, in both languages. */
export const errorMessages: Record<ErrorCode, Record<Locale, string>> = {
  VALIDATION_FAILED: { es: 'Revisa los datos marcados.', en: 'Please check the highlighted fields.' },
  INVALID_JSON: { es: 'La solicitud no es un JSON válido.', en: 'The request is not valid JSON.' },
  MULTIPART_INVALID: { es: 'El formulario llegó incompleto o dañado. Vuelve a enviarlo.', en: 'The form arrived incomplete or damaged. Please send it again.' },
  UNAUTHENTICATED: { es: 'Tu sesión terminó. Inicia sesión de nuevo.', en: 'Your session has ended. Please sign in again.' },
  INVALID_CREDENTIALS: { es: 'Correo o contraseña incorrectos.', en: 'Wrong e-mail or password.' },
  ACCOUNT_SUSPENDED: {
    es: 'Esta cuenta está suspendida. Escríbenos a soporte para reactivarla.',
    en: 'This account is suspended. Write to support to have it restored.',
  },
  CURRENT_PASSWORD_WRONG: { es: 'La contraseña actual no es correcta.', en: 'The current password is not correct.' },
  RESET_TOKEN_INVALID: {
    es: 'El enlace para restablecer la contraseña no es válido o ya expiró. Pide uno nuevo.',
    en: 'The password reset link is not valid or has expired. Ask for a new one.',
  },
  FORBIDDEN: { es: 'No tienes permiso para hacer esto.', en: 'You are not allowed to do this.' },
  CSRF_REJECTED: { es: 'Solicitud rechazada: origen no permitido.', en: 'Request refused: origin not allowed.' },
  NOT_FOUND: { es: 'No encontramos lo que buscas.', en: 'We could not find what you are looking for.' },
  TENANT_NOT_FOUND: { es: 'Este sitio no existe. Revisa la dirección.', en: 'This site does not exist. Check the address.' },
  TENANT_MISMATCH: { es: 'Esta cuenta no inicia sesión en este sitio. Entra desde la dirección que te dieron.', en: 'This account does not sign in on this site. Use the address you were given.' },
  CLIENT_EMAIL_TAKEN: { es: 'Ese correo ya pertenece a otra cuenta o a un cliente.', en: 'That e-mail already belongs to another account or client.' },
  SLUG_TAKEN: { es: 'Ese subdominio ya está en uso, o ya tienes uno.', en: 'That subdomain is taken, or you already have one.' },
  LOGO_INVALID: { es: 'El logo debe ser una imagen PNG, JPEG, WebP o SVG de hasta 1 MB.', en: 'The logo must be a PNG, JPEG, WebP or SVG image of up to 1 MB.' },
  SEAT_EMAIL_TAKEN: { es: 'Esa persona ya forma parte de tu equipo o ya fue invitada.', en: 'That person is already on your team or has already been invited.' },
  SEAT_BOT_UNKNOWN: { es: 'Elige asistentes de tu cuenta.', en: 'Choose assistants of your account.' },
  INVITATION_INVALID: { es: 'Esta invitación ya no es válida: caducó, ya se usó o fue cancelada. Pide una nueva.', en: 'This invitation is no longer valid: it expired, was already used or was cancelled. Ask for a new one.' },
  INVITATION_EMAIL_MISMATCH: { es: 'Esta invitación es para otro correo. Inicia sesión con el correo invitado.', en: 'This invitation is for another e-mail. Sign in with the invited e-mail.' },
  INVITATION_SIGN_IN_REQUIRED: { es: 'Ya existe una cuenta con ese correo. Inicia sesión para unirte.', en: 'An account with that e-mail already exists. Sign in to join.' },
  ASSIGNEE_INVALID: { es: 'Esa persona no tiene acceso a este asistente.', en: 'That person has no access to this assistant.' },
  EMAIL_TAKEN: { es: 'Ya existe una cuenta con ese correo.', en: 'An account with that e-mail already exists.' },
  SKU_TAKEN: { es: 'Ya tienes un producto con ese SKU.', en: 'You already have a product with that SKU.' },
  BOT_TEST_EXISTS: {
    es: 'Ya tienes una prueba con esa pregunta y otros datos. Bórrala primero o cambia la pregunta.',
    en: 'You already have a test with that question and other facts. Delete it first or change the question.',
  },
  BOT_TEST_LIMIT_REACHED: {
    es: 'Este asistente ya tiene 200 pruebas, el máximo. Borra alguna para agregar otra.',
    en: 'This assistant already has 200 tests, the most it can keep. Delete one to add another.',
  },
  SAVED_REPLY_LIMIT_REACHED: {
    es: 'Este asistente ya tiene 100 respuestas guardadas, el máximo. Borra alguna para agregar otra.',
    en: 'This assistant already has 100 saved replies, the most it can keep. Delete one to add another.',
  },
  SLOT_TAKEN: { es: 'Ese horario ya está ocupado por otra cita.', en: 'That time is already taken by another appointment.' },
  APPOINTMENT_NOT_STARTED: {
    es: 'La cita todavía no ocurre: podrás marcarla como completada o como no asistió cuando empiece.',
    en: 'The appointment has not happened yet: you can mark it completed or no-show once it starts.',
  },
  OUTSIDE_HOURS: {
    es: 'Ese horario está fuera del horario de atención. Confirma si quieres agendar de todos modos.',
    en: 'That time is outside the opening hours. Confirm if you want to book it anyway.',
  },
  PAYLOAD_TOO_LARGE: { es: 'El contenido es demasiado grande (máximo 20 MB por archivo).', en: 'The content is too large (20 MB per file at most).' },
  UNSUPPORTED_MEDIA_TYPE: { es: 'Tipo de contenido no admitido.', en: 'Unsupported content type.' },
  REDIRECTION_PHONE_MISSING: { es: 'Primero agrega el número de WhatsApp de la persona que atenderá.', en: 'First add the WhatsApp number of the person who will take over.' },
  NOT_A_PDF: { es: 'El archivo no es un PDF válido. Sube un PDF o un CSV.', en: 'The file is not a valid PDF. Upload a PDF or a CSV.' },
  FILE_MISSING: { es: 'Adjunta un archivo.', en: 'Attach a file.' },
  ATTACHMENT_TYPE: { es: 'Solo se pueden enviar imágenes JPG, PNG o WebP y documentos PDF.', en: 'Only JPG, PNG or WebP images and PDF documents can be sent.' },
  ATTACHMENT_TOO_LARGE: { es: 'El archivo es demasiado grande: como máximo 16 MB.', en: 'The file is too large: 16 MB at most.' },
  ATTACHMENTS_UNSUPPORTED: {
    es: 'Este canal todavía no permite enviar imágenes ni archivos desde la bandeja.',
    en: 'This channel cannot send pictures or files from the inbox yet.',
  },
  BOT_LOCKED: { es: 'Este asistente está bloqueado y no se puede modificar.', en: 'This assistant is locked and cannot be changed.' },
  BOT_LIMIT_REACHED: { es: 'Alcanzaste el número máximo de asistentes de tu plan.', en: 'You have reached the maximum number of assistants on your plan.' },
  MESSAGE_LIMIT_REACHED: {
    es: 'Alcanzaste el límite de mensajes de tu plan este mes. Tu asistente volverá a responder el próximo mes o al mejorar tu plan.',
    en: "You have reached your plan's message limit for this month. Your assistant will answer again next month or when you upgrade your plan.",
  },
  SEAT_LIMIT_REACHED: { es: 'Alcanzaste el número máximo de miembros del equipo de tu plan.', en: 'You have reached the maximum number of team members on your plan.' },
  CONTACT_LIMIT_REACHED: {
    es: 'Alcanzaste el número máximo de contactos de tu plan. Mejora tu plan para agregar más.',
    en: 'You have reached the maximum number of contacts on your plan. Upgrade your plan to add more.',
  },
  PLAN_REQUIRED: { es: 'Esta función no está incluida en tu plan. Mejora tu plan para usarla.', en: 'This feature is not included in your plan. Upgrade your plan to use it.' },
  PAYMENTS_NOT_CONFIGURED: { es: 'Los pagos en línea no están configurados en este servidor. Escríbenos y activamos tu plan.', en: 'Online payments are not configured on this server. Contact us and we will activate your plan.' },
  PRICE_NOT_CONFIGURED: { es: 'Ese plan no tiene precio en esa moneda o periodo. Elige otro.', en: 'That plan has no price in that currency or period. Choose another one.' },
  AFFILIATE_EXISTS: { es: 'Ya formas parte del programa de referidos.', en: 'You are already in the referral program.' },
  PAYOUT_ALREADY_PAID: { es: 'Ese pago ya se marcó como pagado.', en: 'That payout is already marked as paid.' },
  NO_SUBSCRIPTION: { es: 'Aún no tienes una suscripción de pago.', en: 'You do not have a paid subscription yet.' },
  PAYMENT_PROVIDER_FAILED: { es: 'El proveedor de pagos no respondió. Intenta de nuevo en un momento.', en: 'The payment provider did not answer. Try again in a moment.' },
  STRIPE_SIGNATURE_INVALID: { es: 'La firma Stripe-Signature falta o no es válida.', en: 'The Stripe-Signature signature is missing or not valid.' },
  RATE_LIMITED: { es: 'Demasiados intentos. Espera unos minutos e inténtalo de nuevo.', en: 'Too many attempts. Wait a few minutes and try again.' },
  SIGNATURE_MISSING: { es: 'Falta la firma X-Hub-Signature-256.', en: 'The X-Hub-Signature-256 signature is missing.' },
  SIGNATURE_INVALID: { es: 'La firma X-Hub-Signature-256 no es válida.', en: 'The X-Hub-Signature-256 signature is not valid.' },
  CHANNEL_SOURCE_UNSUPPORTED: { es: 'Ese canal todavía no se puede desconectar desde aquí.', en: 'That channel cannot be disconnected from here yet.' },
  CHANNEL_ACCOUNT_TAKEN: {
    es: 'Ese número o página ya está conectado a otro asistente. Desconéctalo allí primero.',
    en: 'That number or page is already connected to another assistant. Disconnect it there first.',
  },
  META_TOKEN_REQUIRED: {
    es: 'Falta el código del registro de Meta o un token de acceso.',
    en: "Meta's signup code or an access token is required.",
  },
  META_TOKEN_INVALID: {
    es: 'El token de acceso guardado no es válido (tiene espacios, acentos u otros caracteres que Meta no usa). Pega de nuevo el token tal como lo da Meta.',
    en: 'The stored access token is not valid (it holds spaces, accents or other characters Meta never uses). Paste the token again exactly as Meta gives it.',
  },
  META_NOT_CONFIGURED: {
    es: 'La conexión con Meta no está configurada en este servidor (META_APP_ID y META_APP_SECRET).',
    en: 'The connection with Meta is not configured on this server (META_APP_ID and META_APP_SECRET).',
  },
  META_STEP_FAILED: { es: 'Meta no completó la conexión. Inténtalo de nuevo.', en: 'Meta did not complete the connection. Please try again.' },
  META_REQUEST_FAILED: { es: 'Meta no atendió la solicitud. Inténtalo de nuevo en unos minutos.', en: 'Meta did not handle the request. Try again in a few minutes.' },
  CHANNEL_NOT_CONNECTED: {
    es: 'El canal no está conectado para este asistente. Conéctalo en Canales.',
    en: 'The channel is not connected for this assistant. Connect it under Channels.',
  },
  CHANNEL_NEEDS_REAUTH: {
    es: 'Meta rechazó el token de acceso (venció o fue revocado). Vuelve a conectar el canal.',
    en: 'Meta refused the access token (expired or revoked). Connect the channel again.',
  },
  TEMPLATE_NOT_FOUND: {
    es: 'Esa plantilla no existe en tu cuenta de WhatsApp con ese idioma.',
    en: 'That template does not exist in your WhatsApp account in that language.',
  },
  TEMPLATE_NOT_APPROVED: {
    es: 'Meta todavía no aprobó esa plantilla: solo se pueden enviar plantillas aprobadas.',
    en: 'Meta has not approved that template yet: only approved templates can be sent.',
  },
  TEMPLATE_UNUSABLE: {
    es: 'Esa plantilla pide datos que el asistente no puede llenar. Elige una sin variables o con una sola ({{1}}) en el cuerpo.',
    en: 'That template needs data the assistant cannot fill in. Choose one with no variables or a single one ({{1}}) in its body.',
  },
  TEMPLATE_VARIABLES_MISMATCH: {
    es: 'Las variables no coinciden con la plantilla aprobada en Meta.',
    en: "The variables do not match the template approved by Meta.",
  },
  WINDOW_CLOSED: {
    es: 'Pasaron más de 24 horas desde el último mensaje del cliente: Meta no deja escribirle hasta que vuelva a escribir (en WhatsApp, solo con una plantilla aprobada).',
    en: "More than 24 hours have passed since the customer's last message: Meta does not allow writing until they write again (on WhatsApp, only an approved template).",
  },
  CONVERSATION_REOPENED: {
    es: 'El cliente ya tiene otra conversación abierta en este canal. Responde en esa.',
    en: 'The customer already has another open conversation on this channel. Reply there.',
  },
  CAMPAIGN_STATE_CONFLICT: {
    es: 'La campaña ya no está en un estado que permita eso (por ejemplo, ya terminó o fue cancelada). Vuelve a cargarla.',
    en: 'The campaign is no longer in a state that allows that (for example, it finished or was cancelled). Load it again.',
  },
  AUDIENCE_EMPTY: { es: 'Nadie recibiría esta campaña: revisa los filtros o el archivo.', en: 'Nobody would receive this campaign: check the filters or the file.' },
  AUDIENCE_EXPIRED: { es: 'El archivo de destinatarios caducó. Vuelve a subirlo.', en: 'The recipients file expired. Upload it again.' },
  AUDIENCE_TOO_LARGE: {
    es: 'El archivo es demasiado grande: como máximo 100,000 filas y 5 MB.',
    en: 'The file is too large: 100,000 rows and 5 MB at most.',
  },
  AUDIENCE_PHONE_COLUMN_MISSING: {
    es: 'No encontramos la columna del teléfono. Nómbrala «teléfono» o elígela.',
    en: 'We could not find the phone column. Name it "phone" or choose it.',
  },
  CAMPAIGN_TEST_FAILED: { es: 'El mensaje de prueba no se envió.', en: 'The test message was not sent.' },
  INTERNAL: { es: 'Algo salió mal de nuestro lado. Inténtalo de nuevo.', en: 'Something went wrong on our side. Please try again.' },
  SERVICE_UNAVAILABLE: { es: 'El servicio no está disponible por ahora.', en: 'The service is unavailable right now.' },
};

export function errorMessage(code: string, locale: Locale): string {
  const entry = (errorMessages as Record<string, Record<Locale, string>>)[code];
  return entry ? entry[locale] : errorMessages.INTERNAL[locale];
}

type Issue = z.core.$ZodIssue;

/** Messages of our own rules (custom refinements and regexes name them by key). */
const ruleMessages: Record<string, Record<Locale, string>> = {
  phone: { es: 'Escribe un teléfono válido, por ejemplo +52 33 1234 5678.', en: 'Enter a valid phone number, for example +52 33 1234 5678.' },
  phone_short: {
    es: 'Falta parte del número: escríbelo completo con lada, por ejemplo 33 1234 5678 (o +1 415 555 2671 fuera de México).',
    en: 'Part of the number is missing: write it in full with the area code, for example 33 1234 5678 (or +1 415 555 2671 outside Mexico).',
  },
  phone_long: { es: 'El número tiene dígitos de más. Revísalo, por ejemplo 33 1234 5678.', en: 'The number has too many digits. Check it, for example 33 1234 5678.' },
  url: { es: 'Escribe una dirección web válida, por ejemplo sonrisaplena.mx.', en: 'Enter a valid web address, for example sonrisaplena.mx.' },
  time: { es: 'Usa el formato HH:MM de 24 horas.', en: 'Use the 24-hour HH:MM format.' },
  range_order: { es: 'La hora de cierre debe ser posterior a la de apertura.', en: 'The closing time must be after the opening time.' },
  range_overlap: { es: 'Este horario se cruza con otro del mismo día.', en: 'This range overlaps another one on the same day.' },
  timezone: { es: 'Elige una zona horaria válida, por ejemplo America/Mexico_City.', en: 'Choose a valid time zone, for example America/Mexico_City.' },
  price: { es: 'Escribe el precio con números, por ejemplo 18500.50.', en: 'Write the price in numbers, for example 18500.50.' },
  deal_value: {
    es: 'Escribe un valor con números, de 0 a 100,000,000.00, por ejemplo 18500.50.',
    en: 'Enter a value in numbers, from 0 to 100,000,000.00, for example 18500.50.',
  },
  currency: { es: 'Usa un código de moneda de 3 letras, por ejemplo MXN.', en: 'Use a 3-letter currency code, for example MXN.' },
  period: { es: 'Elige un periodo de 7, 30 o 90 días.', en: 'Choose a period of 7, 30 or 90 days.' },
  too_many: { es: 'Demasiados elementos.', en: 'Too many items.' },
  digits: { es: 'Solo números, tal como aparece en Meta.', en: 'Digits only, as shown by Meta.' },
  pin: { es: 'El PIN son 6 dígitos.', en: 'The PIN is 6 digits.' },
  template_name: { es: 'Usa el nombre de la plantilla tal como está en Meta: minúsculas, números y guiones bajos.', en: "Use the template's name as shown by Meta: lower case, digits and underscores." },
  text: {
    es: 'El texto tiene un carácter que no se puede guardar (un carácter nulo o un emoji cortado). Bórralo e inténtalo de nuevo.',
    en: 'The text holds a character that cannot be saved (a null character or a broken emoji). Remove it and try again.',
  },
  json: { es: 'El valor no es un JSON válido.', en: 'The value is not valid JSON.' },
  same: { es: 'Elige otro contacto: no se puede combinar un contacto consigo mismo.', en: 'Choose another contact: a contact cannot be merged with itself.' },
  target: { es: 'Elige un dato válido para esta columna.', en: 'Choose a valid field for this column.' },
  token: {
    es: 'Pega el token tal como lo da Meta: solo letras, números y signos, sin espacios ni acentos.',
    en: 'Paste the token exactly as Meta gives it: letters, digits and symbols only, no spaces or accents.',
  },
  cursor: { es: 'La página pedida no es válida. Vuelve a cargar la lista.', en: 'The page asked for is not valid. Load the list again.' },
  clabe: { es: 'La CLABE son 18 dígitos y el último no coincide. Revísala en tu estado de cuenta.', en: 'A CLABE is 18 digits and the last one does not match. Check it on your bank statement.' },
  payout_method: { es: 'Escribe tu correo de PayPal o tu CLABE para recibir tus pagos.', en: 'Enter your PayPal e-mail or your CLABE to receive your payouts.' },
  date: { es: 'Usa una fecha AAAA-MM-DD.', en: 'Use a YYYY-MM-DD date.' },
  range_both: { es: 'Elige la fecha de inicio y la de fin.', en: 'Choose both the start and the end date.' },
  range_dates: { es: 'La fecha de fin debe ser igual o posterior a la de inicio.', en: 'The end date must be on or after the start date.' },
  range_long: { es: 'Elige un rango de 366 días como máximo.', en: 'Choose a range of 366 days at most.' },
  required: { es: 'Este campo es obligatorio.', en: 'This field is required.' },
  contact_or_customer: { es: 'Elige un cliente o escribe el nombre de uno nuevo.', en: 'Choose a customer or enter the name of a new one.' },
  message_channel: {
    es: 'Ese tipo de mensaje no se puede enviar por este canal: WhatsApp (API oficial) usa plantillas aprobadas; Messenger e Instagram, solo texto.',
    en: 'That kind of message cannot go out on this channel: WhatsApp (official API) uses approved templates; Messenger and Instagram, text only.',
  },
  stage_unknown: { es: 'Esa etapa no es de este asistente. Elige una etapa de su embudo.', en: "That stage is not this assistant's. Choose a stage of its pipeline." },
  schedule_future: { es: 'Elige una fecha y hora futura (como máximo dentro de un año).', en: 'Choose a future date and time (within a year at most).' },
  template_language: { es: 'Usa el código de idioma de Meta, por ejemplo es_MX o en_US.', en: "Use Meta's language code, for example es_MX or en_US." },
};

/** One clear sentence for a zod issue, in the user's language. */
export function issueMessage(issue: Issue, locale: Locale): string {
  const es = locale === 'es';
  const rule = issue.message ? ruleMessages[issue.message] : undefined;
  if (rule) return rule[locale];
  switch (issue.code) {
    case 'invalid_type':
      // zod reports the received type in its message only (input is not kept by default).
      if (/received (undefined|null)/.test(issue.message ?? '')) return es ? 'Este campo es obligatorio.' : 'This field is required.';
      return es ? 'El valor no tiene el tipo esperado.' : 'The value has the wrong type.';
    case 'too_small':
      if (issue.origin === 'string') {
        return Number(issue.minimum) <= 1
          ? es ? 'Este campo es obligatorio.' : 'This field is required.'
          : es ? `Escribe al menos ${issue.minimum} caracteres.` : `Use at least ${issue.minimum} characters.`;
      }
      return es ? `El mínimo es ${issue.minimum}.` : `The minimum is ${issue.minimum}.`;
    case 'too_big':
      if (issue.origin === 'string') return es ? `Usa como máximo ${issue.maximum} caracteres.` : `Use at most ${issue.maximum} characters.`;
      return es ? `El máximo es ${issue.maximum}.` : `The maximum is ${issue.maximum}.`;
    case 'invalid_format':
      if (issue.format === 'email') return es ? 'Escribe un correo electrónico válido.' : 'Enter a valid e-mail address.';
      if (issue.format === 'url') return es ? 'Escribe una dirección web válida (https://…).' : 'Enter a valid web address (https://…).';
      if (issue.format === 'uuid') return es ? 'El identificador no es válido.' : 'The identifier is not valid.';
      return es ? 'El formato no es válido.' : 'The format is not valid.';
    case 'unrecognized_keys':
      return es ? 'Campo no permitido.' : 'Field not allowed.';
    case 'invalid_value':
      return es ? 'Elige una de las opciones permitidas.' : 'Choose one of the allowed options.';
    default:
      return issue.message && !issue.message.startsWith('Invalid')
        ? issue.message
        : es ? 'El valor no es válido.' : 'The value is not valid.';
  }
}

/** Field path → message, one per field (the first issue wins). Unknown keys are reported by their own name. */
export function issuesToFields(issues: readonly Issue[], locale: Locale): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const keys = issue.code === 'unrecognized_keys'
      ? issue.keys.map((k) => [...issue.path, k].join('.'))
      : [issue.path.map(String).join('.') || '_'];
    for (const key of keys) fields[key] ??= issueMessage(issue, locale);
  }
  return fields;
}
