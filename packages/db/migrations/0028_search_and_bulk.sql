CREATE INDEX "custom_design_requests_huid_idx" ON "custom_design_requests" USING btree ("huid");--> statement-breakpoint
CREATE INDEX "customer_addresses_phone_digits_idx" ON "customer_addresses" USING btree (right(regexp_replace("phone", '\D', '', 'g'), 10));--> statement-breakpoint
CREATE INDEX "customers_mobile_digits_idx" ON "customers" USING btree (right(regexp_replace("mobile", '\D', '', 'g'), 10));--> statement-breakpoint
CREATE INDEX "order_addresses_phone_digits_idx" ON "order_addresses" USING btree (right(regexp_replace("phone", '\D', '', 'g'), 10));--> statement-breakpoint
CREATE INDEX "order_addresses_pincode_idx" ON "order_addresses" USING btree ("pincode");--> statement-breakpoint
CREATE INDEX "order_addresses_locality_trgm_idx" ON "order_addresses" USING gin (("address" || ' ' || "city") gin_trgm_ops) WHERE "order_addresses"."kind" = 'shipping';--> statement-breakpoint
CREATE INDEX "order_pieces_huid_idx" ON "order_pieces" USING btree ("huid");--> statement-breakpoint
CREATE INDEX "orders_awb_upper_idx" ON "orders" USING btree (upper("awb_number"));--> statement-breakpoint
CREATE INDEX "orders_placed_idx" ON "orders" USING btree ("placed_at");