CREATE TABLE "harvest_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"amount_paise" bigint NOT NULL,
	"spent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"returned_at" timestamp with time zone,
	CONSTRAINT "harvest_redemptions_amount_check" CHECK ("amount_paise" > 0)
);
--> statement-breakpoint
DROP INDEX "payments_customer_idempotency_key";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "metal" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "diamond_weight_cents" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "stone_weight_cents" integer;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "hallmarking_charge_paise" bigint DEFAULT 4500 NOT NULL;--> statement-breakpoint
ALTER TABLE "harvest_redemptions" ADD CONSTRAINT "harvest_redemptions_plan_id_harvest_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."harvest_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "harvest_redemptions" ADD CONSTRAINT "harvest_redemptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "harvest_redemptions" ADD CONSTRAINT "harvest_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "harvest_redemptions_order_plan_key" ON "harvest_redemptions" USING btree ("order_id","plan_id");--> statement-breakpoint
CREATE INDEX "harvest_redemptions_customer_idx" ON "harvest_redemptions" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_customer_purpose_idempotency_key" ON "payments" USING btree ("customer_id","purpose","idempotency_key");