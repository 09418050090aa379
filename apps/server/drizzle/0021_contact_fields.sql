CREATE TABLE "contact_fields" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bot_id" uuid NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"options" text[] DEFAULT '{}'::text[] NOT NULL,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "contacts_search_idx";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "custom_fields" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "captured" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "stage_set_by" text;--> statement-breakpoint
ALTER TABLE "contact_fields" ADD CONSTRAINT "contact_fields_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_fields_bot_idx" ON "contact_fields" USING btree ("bot_id","position");--> statement-breakpoint
CREATE INDEX "contacts_search_idx" ON "contacts" USING gin (("name" || ' ' || "phone" || ' ' || "email") gin_trgm_ops) WITH (fastupdate=on,gin_pending_list_limit=64);--> statement-breakpoint
-- Contacts a person already moved keep that placement: the bot never moves them.
UPDATE "contacts" c SET "stage_set_by" = 'person' WHERE EXISTS (SELECT 1 FROM "contact_stage_changes" s WHERE s."contact_id" = c."id" AND s."by" = 'person');
