CREATE TABLE "whatsapp_web_keys" (
	"bot_id" uuid NOT NULL,
	"type" text NOT NULL,
	"id" text NOT NULL,
	"value_sealed" text NOT NULL,
	CONSTRAINT "whatsapp_web_keys_pkey" PRIMARY KEY("bot_id","type","id")
);
--> statement-breakpoint
CREATE TABLE "whatsapp_web_sends" (
	"message_id" uuid PRIMARY KEY NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "whatsapp_web_sessions" (
	"bot_id" uuid PRIMARY KEY NOT NULL,
	"creds_sealed" text,
	"status" text DEFAULT 'disconnected' NOT NULL,
	"pair_error" text,
	"last_qr" text,
	"qr_count" integer DEFAULT 0 NOT NULL,
	"phone" text,
	"owner" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "whatsapp_web_keys" ADD CONSTRAINT "whatsapp_web_keys_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_web_sends" ADD CONSTRAINT "whatsapp_web_sends_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "whatsapp_web_sessions" ADD CONSTRAINT "whatsapp_web_sessions_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "whatsapp_web_sessions_wanted_idx" ON "whatsapp_web_sessions" USING btree ("status") WHERE status in ('waiting_qr', 'connecting', 'connected');