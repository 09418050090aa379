-- Words of a bot's knowledge close to misspelled terms, through the (bot_id, word) trigram index.
-- Without statistics (PGlite never gathers them) the planner takes a scan of a few thousand
-- words for cheaper than it is; the function rules scans out for its own query only, in one
-- statement instead of a transaction of three.
CREATE FUNCTION "bot_word_corrections"("p_bot" uuid, "p_terms" text[])
RETURNS TABLE ("term" text, "word" text, "sim" float8)
LANGUAGE sql STABLE
SET enable_seqscan = off
AS $$
  WITH unknown AS MATERIALIZED (
    SELECT t.term FROM unnest(p_terms) AS t(term)
    WHERE NOT EXISTS (SELECT 1 FROM bot_words x WHERE x.word = t.term AND x.bot_id = p_bot)
  )
  SELECT u.term, w.word, w.sim::float8
  FROM unknown u
  CROSS JOIN LATERAL (
    SELECT bw.word, similarity(bw.word, u.term) AS sim
    FROM bot_words bw
    WHERE bw.bot_id = p_bot AND bw.word % u.term AND bw.word <> u.term
    ORDER BY sim DESC LIMIT 2
  ) w
$$;
