ALTER TABLE "messages" ADD COLUMN "choices" jsonb;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "chosen" jsonb;