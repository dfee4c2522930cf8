CREATE TABLE "offer_strip" (
	"id" serial PRIMARY KEY NOT NULL,
	"text" text NOT NULL,
	"link_path" text,
	"coupon_id" integer,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"position" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "offer_strip_text_check" CHECK (length("text") BETWEEN 1 AND 160),
	CONSTRAINT "offer_strip_link_check" CHECK ("link_path" IS NULL OR ("link_path" LIKE '/%' AND "link_path" NOT LIKE '//%')),
	CONSTRAINT "offer_strip_dates_check" CHECK ("ends_at" IS NULL OR "ends_at" > "starts_at")
);
--> statement-breakpoint
ALTER TABLE "offer_strip" ADD CONSTRAINT "offer_strip_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "offer_strip_coupon_idx" ON "offer_strip" USING btree ("coupon_id");--> statement-breakpoint
-- The strip is kept in the read cache with the pages that show it (decision 063): a change of its messages or of a
-- coupon (on, dates, limits, deleted) is announced like the catalogue's (migration 0002).
CREATE TRIGGER milli_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "offer_strip"
  FOR EACH STATEMENT EXECUTE FUNCTION milli_catalogue_changed();--> statement-breakpoint
CREATE TRIGGER milli_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "coupons"
  FOR EACH STATEMENT EXECUTE FUNCTION milli_catalogue_changed();--> statement-breakpoint
-- A coupon's use changes the strip only when it takes an advertised coupon to its limit, or (an order cancelled)
-- gives one back below it: only then is it announced, so the cache is not emptied at every order with a coupon.
CREATE OR REPLACE FUNCTION milli_offer_coupon_uses() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  advertised integer := COALESCE(NEW.coupon_id, OLD.coupon_id);
BEGIN
  IF EXISTS (
    SELECT 1 FROM "offer_strip" s JOIN "coupons" k ON k.id = s.coupon_id
    WHERE s.coupon_id = advertised AND k.usage_limit IS NOT NULL
      AND (SELECT count(*) FROM "coupon_redemptions" r WHERE r.coupon_id = advertised)
          + (CASE WHEN TG_OP = 'DELETE' THEN 1 ELSE 0 END) = k.usage_limit
  ) THEN
    PERFORM pg_notify('milli_catalogue', 'offer_strip');
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER milli_offer_coupon_uses AFTER INSERT OR DELETE ON "coupon_redemptions"
  FOR EACH ROW EXECUTE FUNCTION milli_offer_coupon_uses();
