CREATE INDEX "products_active_featured_idx" ON "products" USING btree ("active",("stock" = 0),"featured_rank","units_sold" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "products_active_rating_idx" ON "products" USING btree ("active","rating_tenths" DESC NULLS FIRST,"review_count" DESC NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "products_active_idx" ON "products" USING btree ("active");--> statement-breakpoint
CREATE INDEX "products_upper_sku_idx" ON "products" USING btree (upper("sku"));--> statement-breakpoint
CREATE INDEX "products_diamond_category_price_idx" ON "products" USING btree ("active","category_id","list_price_paise") WHERE "material" = 'Diamond' OR "diamond_weight_cents" > 0;