CREATE TABLE "appointment_feeds" (
	"bot_id" uuid PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"token_sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointment_feeds_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "appointment_reminders" (
	"appointment_id" uuid NOT NULL,
	"minutes_before" integer NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"message_id" uuid,
	"skipped" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "appointments" ALTER COLUMN "status" SET DEFAULT 'booked';--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "notes" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "source" text DEFAULT 'bot' NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "reminders_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "reminder_jobs" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "appointment_feeds" ADD CONSTRAINT "appointment_feeds_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_reminders" ADD CONSTRAINT "appointment_reminders_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointment_reminders" ADD CONSTRAINT "appointment_reminders_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "appointment_reminders_key" ON "appointment_reminders" USING btree ("appointment_id","minutes_before","start_at");--> statement-breakpoint
CREATE INDEX "appointments_reminders_due_idx" ON "appointments" USING btree ("updated_at") WHERE reminders_synced_at is distinct from updated_at;--> statement-breakpoint
-- Appointments stored before the calendar were "confirmed" when booked: they are booked until the customer confirms.
UPDATE "appointments" SET "status" = 'booked' WHERE "status" = 'confirmed';--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_no_overlap";--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap" EXCLUDE USING gist ("bot_id" WITH =, tstzrange("start_at", "end_at") WITH &&) WHERE ("status" IN ('booked', 'confirmed'));--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_status_known" CHECK ("status" IN ('booked', 'confirmed', 'cancelled', 'completed', 'no_show'));
