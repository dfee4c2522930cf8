-- Issue 38 (decision 047): the shop's price filters, sort and bands read the price the shopper sees. A piece's
-- sale_discount_paise is what the best running sale takes off its list price (written by the catalogue service, which
-- alone knows the price function); price_now_paise follows it. Existing rows start at 0 (their list price): the
-- `catalog.sales` pass each server start runs brings the pieces on a running sale to their sale price.
DROP INDEX "products_material_category_price_idx";--> statement-breakpoint
DROP INDEX "products_diamond_category_price_idx";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sale_discount_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price_now_paise" bigint GENERATED ALWAYS AS ("list_price_paise" - "sale_discount_paise") STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "products_price_now_idx" ON "products" USING btree ("price_now_paise");--> statement-breakpoint
CREATE INDEX "products_material_category_price_idx" ON "products" USING btree ("material","category_id","price_now_paise");--> statement-breakpoint
CREATE INDEX "products_diamond_category_price_idx" ON "products" USING btree ("active","category_id","price_now_paise") WHERE "material" = 'Diamond' OR "diamond_weight_cents" > 0;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sale_discount_check" CHECK ("sale_discount_paise" BETWEEN 0 AND "list_price_paise");