ALTER TABLE "contacts" ADD COLUMN "playground" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "contacts_playground_idx" ON "contacts" USING btree ("bot_id") WHERE playground;--> statement-breakpoint
-- The contacts the playground made before this migration: known on the playground channel and on
-- no other (a playground contact merged into a customer stays a customer).
UPDATE "contacts" c SET "playground" = true
WHERE EXISTS (SELECT 1 FROM "contact_identities" i WHERE i."contact_id" = c."id" AND i."channel" = 'playground')
  AND NOT EXISTS (SELECT 1 FROM "contact_identities" i WHERE i."contact_id" = c."id" AND i."channel" <> 'playground');
