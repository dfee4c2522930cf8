-- Issue 42: the assay desk's form carries a one-time key, so the same form sent twice (a double click, a reload of the
-- answer) credits the old gold once.
ALTER TABLE "metal_credits" ADD COLUMN "request_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "metal_credits_request_key" ON "metal_credits" USING btree ("customer_id","request_key");