ALTER TABLE "products" ADD COLUMN "size_weights_mg" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_size_weights_check" CHECK (cardinality("size_weights_mg") = 0 OR ("size_kind" = 'length' AND cardinality("size_weights_mg") = cardinality("sizes") AND 0 < ALL("size_weights_mg") AND "metal_weight_mg" = "size_weights_mg"[1]));--> statement-breakpoint
-- Issue 38: chains listed before this migration had one weight for every length. A chain is the same link repeated,
-- so its metal grows with its length: each length gets the listed weight (taken as the first length's) scaled by
-- length, rounded to 10 mg (the first keeps the listed weight exactly), the rule of lengthWeightsMg in @milli/pricing. Only where every length reads as inches;
-- staff can correct any of them on the product form.
UPDATE "products" SET "size_weights_mg" = ARRAY(
  SELECT CASE WHEN s.n = 1 THEN "metal_weight_mg" ELSE (round("metal_weight_mg" * s.length::numeric / ("sizes"[1])::numeric / 10) * 10)::integer END
  FROM unnest("sizes") WITH ORDINALITY AS s(length, n) ORDER BY s.n
)
WHERE "size_kind" = 'length' AND "metal_weight_mg" IS NOT NULL AND cardinality("sizes") > 0
  AND NOT EXISTS (SELECT 1 FROM unnest("sizes") AS x WHERE x !~ '^[1-9][0-9]{0,2}(\.[0-9]{1,2})?$');
