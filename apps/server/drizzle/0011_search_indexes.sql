-- No pending lists (fastupdate off): PGlite never vacuums, so every search would scan them whole.
-- The indexes hold no bot_id column: on PGlite, GIN indexes that mix btree_gin's and pg_trgm's
-- operator classes call into a null function and trap the database. Searches filter by bot.
DROP INDEX "bot_words_trgm_idx";--> statement-breakpoint
DROP INDEX "chunks_tsv_idx";--> statement-breakpoint
ALTER TABLE "bot_words" DROP CONSTRAINT "bot_words_bot_id_word_pk";--> statement-breakpoint
CREATE UNIQUE INDEX "bot_words_word_bot_idx" ON "bot_words" USING btree ("word",("bot_id"::text));--> statement-breakpoint
CREATE INDEX "bot_words_trgm_idx" ON "bot_words" USING gin ("word" gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "chunks_tsv_idx" ON "chunks" USING gin ("tsv") WITH (fastupdate=off);