-- Issue 38: a HUID only where a piece is hallmarked (contracts hallmark.ts): gold always, silver when hallmarked,
-- platinum never. Each piece's HUID is recorded on its order at packing; a product no longer holds one.
ALTER TABLE "order_pieces" DROP CONSTRAINT "order_pieces_huid_check";--> statement-breakpoint
ALTER TABLE "products" DROP CONSTRAINT "products_huid_check";--> statement-breakpoint
ALTER TABLE "order_pieces" ALTER COLUMN "huid" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "hallmarked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- An order line sold before keeps the fact it was sold with: gold, a line that copied a HUID, a piece packed with one
-- (packing asked a HUID of every weighed metal), or silver whose product says it is hallmarked.
UPDATE "order_lines" SET "hallmarked" = true
WHERE "metal" = 'gold'
   OR "huid" IS NOT NULL
   OR EXISTS (SELECT 1 FROM "order_pieces" p WHERE p."line_id" = "order_lines"."id" AND p."huid" IS NOT NULL)
   OR ("metal" = 'silver' AND EXISTS (SELECT 1 FROM "products" pr WHERE pr."id" = "order_lines"."product_id" AND pr."hallmarked"));--> statement-breakpoint
-- The product-level HUID named no one piece (a product is sold many times): it is dropped.
ALTER TABLE "products" DROP COLUMN "huid";--> statement-breakpoint
UPDATE "products" SET "hallmarked" = ("metal" = 'gold') WHERE "metal" <> 'silver';--> statement-breakpoint
ALTER TABLE "order_pieces" ADD CONSTRAINT "order_pieces_huid_check" CHECK ("huid" IS NULL OR "huid" ~ '^[A-Z0-9]{6}$');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_hallmarked_check" CHECK ("metal" <> 'platinum' OR NOT "hallmarked");
