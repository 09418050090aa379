DROP INDEX "appointments_reminders_due_idx";--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "reminders_outdated" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "appointments_reminders_due_idx" ON "appointments" USING btree ("updated_at") WHERE reminders_synced_at is distinct from updated_at or reminders_outdated;