CREATE TABLE "bot_tests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bot_id" uuid NOT NULL,
	"question" text NOT NULL,
	"expect" jsonb NOT NULL,
	"expect_not" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_passed" boolean,
	"last_reply" text,
	"last_run_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "bot_tests" ADD CONSTRAINT "bot_tests_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bot_tests_bot_idx" ON "bot_tests" USING btree ("bot_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bot_tests_bot_question_idx" ON "bot_tests" USING btree ("bot_id","question");