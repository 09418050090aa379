CREATE TABLE "channel_connections" (
	"bot_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"state" text DEFAULT 'disconnected' NOT NULL,
	"token_ref" text,
	"last_error_code" text,
	"last_error_meta_code" integer,
	"last_error_detail" text,
	"last_error_step" text,
	"last_error_at" timestamp with time zone,
	"setup" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"template" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_connections_pkey" PRIMARY KEY("bot_id","channel")
);
--> statement-breakpoint
CREATE TABLE "channel_sends" (
	"message_id" uuid PRIMARY KEY NOT NULL,
	"channel" text NOT NULL,
	"state" text NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL,
	"external_id" text,
	"error_code" text,
	"meta_code" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_status_events" (
	"channel" text NOT NULL,
	"external_id" text NOT NULL,
	"status" text NOT NULL,
	"meta_code" integer,
	"detail" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "message_status_events_pkey" PRIMARY KEY("channel","external_id","status")
);
--> statement-breakpoint
ALTER TABLE "channel_connections" ADD CONSTRAINT "channel_connections_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_sends" ADD CONSTRAINT "channel_sends_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "channel_sends_external_key" ON "channel_sends" USING btree ("channel","external_id") WHERE external_id is not null;