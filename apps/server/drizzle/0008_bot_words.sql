CREATE TABLE "bot_words" (
	"bot_id" uuid NOT NULL,
	"word" text NOT NULL,
	CONSTRAINT "bot_words_bot_id_word_pk" PRIMARY KEY("bot_id","word")
);
--> statement-breakpoint
DROP INDEX "chunks_trgm_idx";--> statement-breakpoint
ALTER TABLE "bot_words" ADD CONSTRAINT "bot_words_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bot_words_trgm_idx" ON "bot_words" USING gin ("word" gin_trgm_ops);