CREATE TABLE "bot_terms" (
	"bot_id" uuid NOT NULL,
	"lexeme" text collate "C" NOT NULL,
	"df" integer NOT NULL,
	CONSTRAINT "bot_terms_bot_id_lexeme_pk" PRIMARY KEY("bot_id","lexeme")
);
--> statement-breakpoint
ALTER TABLE "bot_terms" ADD CONSTRAINT "bot_terms_bot_id_bots_id_fk" FOREIGN KEY ("bot_id") REFERENCES "public"."bots"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
-- Vectors without positions (ranking is done by the application, which reads the text): about
-- half the size, so a chunk's row stays under the compression threshold and matching it does
-- not decompress it first.
UPDATE "chunks" SET "tsv" = strip("tsv");
--> statement-breakpoint
-- bot_terms follows chunks: each statement that inserts, updates or deletes chunks (cascades
-- included) adds or subtracts the lexemes of the rows it touched. Writers of one bot's counts
-- take that bot's advisory lock first (class 727002), so concurrent indexing cannot deadlock on them.
CREATE FUNCTION "bot_terms_follow_chunks"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    PERFORM pg_advisory_xact_lock(727002, hashtext(b.bot_id::text)) FROM (SELECT DISTINCT bot_id FROM old_rows ORDER BY 1) b;
    UPDATE "bot_terms" t SET "df" = t."df" - g.n
    FROM (SELECT o.bot_id, u.lexeme, count(*)::int AS n FROM old_rows o, unnest(o.tsv) u GROUP BY 1, 2) g
    WHERE t."bot_id" = g.bot_id AND t."lexeme" = g.lexeme;
    DELETE FROM "bot_terms" t USING (SELECT DISTINCT bot_id FROM old_rows) b WHERE t."bot_id" = b.bot_id AND t."df" <= 0;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    PERFORM pg_advisory_xact_lock(727002, hashtext(b.bot_id::text)) FROM (SELECT DISTINCT bot_id FROM new_rows ORDER BY 1) b;
    INSERT INTO "bot_terms" ("bot_id", "lexeme", "df")
    SELECT n.bot_id, u.lexeme, count(*)::int FROM new_rows n, unnest(n.tsv) u GROUP BY 1, 2
    ON CONFLICT ("bot_id", "lexeme") DO UPDATE SET "df" = "bot_terms"."df" + excluded."df";
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "chunks_terms_insert" AFTER INSERT ON "chunks" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "bot_terms_follow_chunks"();
--> statement-breakpoint
CREATE TRIGGER "chunks_terms_update" AFTER UPDATE ON "chunks" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "bot_terms_follow_chunks"();
--> statement-breakpoint
CREATE TRIGGER "chunks_terms_delete" AFTER DELETE ON "chunks" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "bot_terms_follow_chunks"();
--> statement-breakpoint
-- The counts of the knowledge indexed before this migration.
INSERT INTO "bot_terms" ("bot_id", "lexeme", "df")
SELECT c."bot_id", u.lexeme, count(*)::int FROM "chunks" c, unnest(c."tsv") u GROUP BY 1, 2;
