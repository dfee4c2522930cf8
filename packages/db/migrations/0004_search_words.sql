CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
-- The words of products' names, search words and materials, as the search's typo fallback compares with them
-- (decision 018). Statement triggers with the new rows as a table, so a bulk load adds its words in one insert.
CREATE OR REPLACE FUNCTION milli_search_words_add() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w
    FROM new_rows, regexp_split_to_table(lower(new_rows.name || ' ' || new_rows.search_text || ' ' || new_rows.material), '[^a-z0-9]+') AS w
    WHERE length(w) >= 2
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER milli_search_words_insert AFTER INSERT ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION milli_search_words_add();
--> statement-breakpoint
CREATE TRIGGER milli_search_words_update AFTER UPDATE ON products REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION milli_search_words_add();
--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT w
  FROM products, regexp_split_to_table(lower(products.name || ' ' || products.search_text || ' ' || products.material), '[^a-z0-9]+') AS w
  WHERE length(w) >= 2
ON CONFLICT DO NOTHING;
