ALTER TABLE "appointments" ADD COLUMN "playground" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- The owner's tries in the playground already booked are marked as theirs.
UPDATE "appointments" SET "playground" = true FROM "contacts" WHERE "contacts"."id" = "appointments"."contact_id" AND "contacts"."playground";--> statement-breakpoint
-- A playground booking holds no time a customer could book: the rule of no overlap leaves it out.
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_no_overlap";--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_no_overlap" EXCLUDE USING gist ("bot_id" WITH =, tstzrange("start_at", "end_at") WITH &&) WHERE ("status" IN ('booked', 'confirmed') AND NOT "playground");
