DROP INDEX "bot_words_bot_trgm_idx";--> statement-breakpoint
DROP INDEX "chunks_bot_tsv_idx";--> statement-breakpoint
ALTER TABLE "bot_words" DROP CONSTRAINT "bot_words_bot_id_word_pk";--> statement-breakpoint
CREATE UNIQUE INDEX "bot_words_word_bot_idx" ON "bot_words" USING btree ("word",("bot_id"::text));--> statement-breakpoint
CREATE INDEX "bot_words_bot_trgm_idx" ON "bot_words" USING gin ("bot_id","word" gin_trgm_ops) WITH (fastupdate=off);--> statement-breakpoint
CREATE INDEX "chunks_bot_tsv_idx" ON "chunks" USING gin ("bot_id","tsv") WITH (fastupdate=off);