ALTER TABLE "messages" ADD COLUMN "error_params" jsonb;--> statement-breakpoint
-- Failed messages kept the reason's words (in Spanish); they keep its code now, and its values in error_params.
CREATE TEMPORARY TABLE "notice_words" ("words" text PRIMARY KEY, "code" text NOT NULL);--> statement-breakpoint
INSERT INTO "notice_words" VALUES
  ('Han pasado más de 24 horas desde el último mensaje del cliente: Meta no deja escribirle hasta que vuelva a escribir (en WhatsApp, solo con una plantilla aprobada).', 'WINDOW_CLOSED'),
  ('El canal no está conectado. Conéctalo en Canales.', 'CHANNEL_NOT_CONNECTED'),
  ('Meta rechazó el token de acceso (venció o fue revocado). Vuelve a conectar el canal.', 'CHANNEL_NEEDS_REAUTH'),
  ('Meta no confirmó el envío y no lo reintentamos para que nunca llegue dos veces. Revisa la conversación antes de reenviarlo.', 'SEND_UNCONFIRMED'),
  ('Meta limitó los envíos de este número por ahora. El mensaje no se envió tras varios intentos.', 'META_RATE_LIMITED'),
  ('Meta no respondió tras varios intentos. El mensaje no se envió.', 'META_UNAVAILABLE'),
  ('El cliente no puede recibir mensajes en este momento (no tiene la app o no aceptó las condiciones).', 'RECIPIENT_UNAVAILABLE'),
  ('Meta rechazó la plantilla configurada (nombre, idioma o variables). Revísala en WhatsApp Manager.', 'TEMPLATE_ERROR'),
  ('Meta rechazó el mensaje.', 'MESSAGE_REJECTED'),
  ('Meta no pudo procesar el archivo adjunto.', 'MEDIA_ERROR'),
  ('Meta limitó este número por la calidad de sus mensajes. Revisa su estado en WhatsApp Manager.', 'SPAM_LIMIT'),
  ('Meta no entregó el mensaje: el cliente ya recibió muchos mensajes de marketing o los desactivó.', 'MARKETING_LIMIT'),
  ('La cuenta de Meta está restringida o tiene un problema de pago. Revísala en Meta Business Suite.', 'ACCOUNT_RESTRICTED'),
  ('El token no tiene los permisos necesarios para este número o página. Vuelve a conectar el canal.', 'PERMISSION_MISSING'),
  ('El número no está registrado en la API de WhatsApp. Vuelve a conectarlo.', 'NUMBER_NOT_REGISTERED'),
  ('Meta no aceptó la solicitud.', 'UNKNOWN'),
  ('WhatsApp (QR) no está conectado y el mensaje no se envió tras varios intentos. Conecta el número en Canales.', 'CHANNEL_NOT_CONNECTED'),
  ('No encontramos el número de WhatsApp del cliente.', 'NO_RECIPIENT'),
  ('El servidor que atiende este WhatsApp no respondió tras varios intentos. El mensaje no se envió.', 'PEER_UNAVAILABLE')
ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "messages" m SET "error" = w."code", "error_params" = NULL FROM "notice_words" w WHERE m."error" = w."words";--> statement-breakpoint
UPDATE "messages" m SET "error" = w."code", "error_params" = jsonb_build_object('metaCode', substring(m."error" from ' \(Meta (\d+)\)$')::int)
  FROM "notice_words" w WHERE m."error" LIKE w."words" || ' (Meta %)' AND m."error" ~ ' \(Meta \d+\)$';--> statement-breakpoint
UPDATE "messages" SET "error" = 'WHATSAPP_REFUSED', "error_params" = jsonb_build_object('detail', substring("error" from length('WhatsApp no aceptó el mensaje: ') + 1))
  WHERE "error" LIKE 'WhatsApp no aceptó el mensaje: %';--> statement-breakpoint
-- Any other words (none are known) stay readable as the detail of a generic failure.
UPDATE "messages" SET "error" = 'SEND_FAILED', "error_params" = jsonb_build_object('detail', "error") WHERE "error" IS NOT NULL AND "error" !~ '^[A-Z][A-Z_]*$';--> statement-breakpoint
DROP TABLE "notice_words";--> statement-breakpoint
-- WhatsApp by QR sessions kept why they ended in Spanish words; they keep its code now.
UPDATE "whatsapp_web_sessions" SET "pair_error" = 'QR_TIMEOUT' WHERE "pair_error" = 'Nadie escaneó el código QR a tiempo. Vuelve a conectar para generar uno nuevo.';--> statement-breakpoint
UPDATE "whatsapp_web_sessions" SET "pair_error" = 'WHATSAPP_LOGGED_OUT' WHERE "pair_error" = 'La sesión de WhatsApp se cerró desde el teléfono (Dispositivos vinculados). Conecta de nuevo y escanea un código QR nuevo.';--> statement-breakpoint
UPDATE "whatsapp_web_sessions" SET "pair_error" = 'WHATSAPP_NUMBER_BLOCKED' WHERE "pair_error" = 'WhatsApp bloqueó o restringió este número y cerró la sesión. Revisa el número en la aplicación de WhatsApp antes de volver a conectarlo.';--> statement-breakpoint
UPDATE "whatsapp_web_sessions" SET "pair_error" = 'CHANNEL_ACCOUNT_TAKEN' WHERE "pair_error" = 'Ese número de WhatsApp ya está conectado a otro asistente. Desconéctalo allí primero y vuelve a escanear el código QR.';
