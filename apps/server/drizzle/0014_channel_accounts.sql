CREATE TABLE "channel_accounts" (
	"channel" text NOT NULL,
	"account_id" text NOT NULL,
	"bot_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_accounts_pkey" PRIMARY KEY("channel","account_id")
);
--> statement-breakpoint
DROP INDEX "bots_meta_credentials_idx";--> statement-breakpoint
DROP INDEX "bots_messenger_credentials_idx";--> statement-breakpoint
ALTER TABLE "channel_accounts" ADD CONSTRAINT "channel_accounts_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_accounts_bot_key" ON "channel_accounts" USING btree ("bot_id","channel");--> statement-breakpoint
-- Each account already stored goes to the bot webhooks reached until now: the most recently updated.
INSERT INTO "channel_accounts" ("channel", "account_id", "bot_id")
SELECT DISTINCT ON ("channel", "account_id") "channel", "account_id", "bot_id" FROM (
  SELECT 'whatsapp' AS "channel", b."meta_credentials"->0->>'phone_number_id' AS "account_id", b."id" AS "bot_id", b."updated_at" AS "at"
    FROM "bots" b WHERE b."deleted_at" IS NULL AND coalesce(b."meta_credentials"->0->>'phone_number_id', '') <> ''
  UNION ALL
  SELECT 'messenger', b."messenger_credentials"->0->>'page_id', b."id", b."updated_at"
    FROM "bots" b WHERE b."deleted_at" IS NULL AND coalesce(b."messenger_credentials"->0->>'page_id', '') <> ''
  UNION ALL
  SELECT 'instagram', b."messenger_credentials"->0->>'instagram_account_id', b."id", b."updated_at"
    FROM "bots" b WHERE b."deleted_at" IS NULL AND coalesce(b."messenger_credentials"->0->>'page_id', '') <> '' AND coalesce(b."messenger_credentials"->0->>'instagram_account_id', '') <> ''
  UNION ALL
  SELECT 'whatsmeow', s."phone", s."bot_id", s."updated_at"
    FROM "whatsapp_web_sessions" s JOIN "bots" b ON b."id" = s."bot_id" AND b."deleted_at" IS NULL WHERE s."phone" IS NOT NULL
) AS "held"
ORDER BY "channel", "account_id", "at" DESC, "bot_id";--> statement-breakpoint
-- The other bots that named the same account lose it, as a disconnection would.
UPDATE "bots" b SET "meta_credentials" = '[]'::jsonb
  WHERE b."deleted_at" IS NULL AND coalesce(b."meta_credentials"->0->>'phone_number_id', '') <> ''
    AND NOT EXISTS (SELECT 1 FROM "channel_accounts" ca WHERE ca."channel" = 'whatsapp' AND ca."bot_id" = b."id");--> statement-breakpoint
UPDATE "bots" b SET "messenger_credentials" = '[]'::jsonb
  WHERE b."deleted_at" IS NULL AND coalesce(b."messenger_credentials"->0->>'page_id', '') <> ''
    AND NOT EXISTS (SELECT 1 FROM "channel_accounts" ca WHERE ca."channel" = 'messenger' AND ca."bot_id" = b."id");--> statement-breakpoint
DELETE FROM "channel_accounts" ca USING "bots" b
  WHERE ca."channel" = 'instagram' AND ca."bot_id" = b."id" AND coalesce(b."messenger_credentials"->0->>'page_id', '') = '';--> statement-breakpoint
UPDATE "bots" b SET "messenger_credentials" = jsonb_build_array((b."messenger_credentials"->0) - 'instagram_account_id')
  WHERE b."deleted_at" IS NULL AND coalesce(b."messenger_credentials"->0->>'instagram_account_id', '') <> ''
    AND NOT EXISTS (SELECT 1 FROM "channel_accounts" ca WHERE ca."channel" = 'instagram' AND ca."bot_id" = b."id");--> statement-breakpoint
UPDATE "whatsapp_web_sessions" s SET "status" = 'disconnected', "pair_error" = 'Ese número de WhatsApp ya está conectado a otro asistente. Desconéctalo allí primero y vuelve a escanear el código QR.'
  WHERE s."phone" IS NOT NULL
    AND NOT EXISTS (SELECT 1 FROM "channel_accounts" ca WHERE ca."channel" = 'whatsmeow' AND ca."bot_id" = s."bot_id");
