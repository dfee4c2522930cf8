-- Every change to what the shop shows every visitor (catalogue, rates, settings, stores) announces itself
-- on the channel 'milli_catalogue' when its transaction commits. Each server instance listens and drops its
-- read cache (docs/decisions/017-read-cache.md), so a product that staff change, or that sells out, is never
-- served stale for longer than the notification takes, whichever instance or tool made the change.
CREATE OR REPLACE FUNCTION milli_catalogue_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('milli_catalogue', TG_TABLE_NAME);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DO $$
DECLARE
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY['store_settings', 'categories', 'tags', 'other_stones', 'metal_rates', 'diamond_rates',
                           'products', 'product_images', 'product_tags', 'product_stones', 'stores']
  LOOP
    EXECUTE format('CREATE TRIGGER milli_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON %I
                    FOR EACH STATEMENT EXECUTE FUNCTION milli_catalogue_changed()', t);
  END LOOP;
END;
$$;
