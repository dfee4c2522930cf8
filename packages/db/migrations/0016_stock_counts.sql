-- Every order takes stock and counts the pieces sold, and each such update of products announced a catalogue
-- change that emptied every instance's read cache: at a few orders a second the cache was empty more often than
-- not. What the kept answers show of those two counts is whether a piece is in stock (that must never lag) and the
-- best-sellers order and the count of pieces left (which may lag a little). So an update of products that changes
-- nothing but stock, units sold and updated_at, and moves no piece into or out of stock, is announced as
-- 'products:counts': each instance forgets its kept answers within a short while (COUNTS_LAG_MS in
-- apps/server/src/plugins/read-cache.ts) instead of at once. Any other change is announced as before.
CREATE OR REPLACE FUNCTION milli_products_updated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM new_rows) THEN
    RETURN NULL;
  END IF;
  IF EXISTS (
    SELECT 1 FROM new_rows n LEFT JOIN old_rows o ON o.id = n.id
    WHERE o.id IS NULL
       OR (o.stock > 0) IS DISTINCT FROM (n.stock > 0)
       OR (to_jsonb(o) - ARRAY['stock', 'units_sold', 'updated_at']) IS DISTINCT FROM (to_jsonb(n) - ARRAY['stock', 'units_sold', 'updated_at'])
  ) THEN
    PERFORM pg_notify('milli_catalogue', 'products');
  ELSE
    PERFORM pg_notify('milli_catalogue', 'products:counts');
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER milli_catalogue_changed ON products;
--> statement-breakpoint
CREATE TRIGGER milli_catalogue_changed AFTER INSERT OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION milli_catalogue_changed();
--> statement-breakpoint
CREATE TRIGGER milli_products_updated AFTER UPDATE ON products
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION milli_products_updated();
