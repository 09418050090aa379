ALTER TABLE "messages" ADD COLUMN "author_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_author_idx" ON "messages" USING btree ("author_id") WHERE author_id is not null;--> statement-breakpoint
-- A person's replies stored before: on an account without seats only its owner could write them.
UPDATE "messages" m SET "author_id" = b."user_id" FROM "bots" b
WHERE m."bot_id" = b."id" AND m."author" = 'human' AND m."author_id" IS NULL
  AND NOT EXISTS (SELECT 1 FROM "seats" s WHERE s."account_id" = b."user_id");
