CREATE TABLE "rate_lock_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"rate_lock_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"used_mg" integer NOT NULL,
	"advance_paise" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"returned_at" timestamp with time zone,
	CONSTRAINT "rate_lock_uses_amounts_check" CHECK ("used_mg" > 0 AND "advance_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "rate_locks" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"metal" text NOT NULL,
	"purity" integer NOT NULL,
	"locked_mg" integer NOT NULL,
	"used_mg" integer DEFAULT 0 NOT NULL,
	"rate_paise_per_gram" bigint NOT NULL,
	"rate_date" date NOT NULL,
	"advance_percent" integer NOT NULL,
	"advance_paise" bigint NOT NULL,
	"advance_used_paise" bigint DEFAULT 0 NOT NULL,
	"period_days" integer NOT NULL,
	"unused_advance" text NOT NULL,
	"status" text DEFAULT 'Pending payment' NOT NULL,
	"paid_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"advance_refunded_paise" bigint DEFAULT 0 NOT NULL,
	"advance_kept_paise" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rate_locks_metal_check" CHECK ("metal" IN ('gold', 'platinum', 'silver')),
	CONSTRAINT "rate_locks_status_check" CHECK ("status" IN ('Pending payment', 'Live', 'Ended', 'Cancelled')),
	CONSTRAINT "rate_locks_unused_check" CHECK ("unused_advance" IN ('refund', 'keep')),
	CONSTRAINT "rate_locks_weight_check" CHECK ("locked_mg" > 0 AND "used_mg" >= 0 AND "used_mg" <= "locked_mg"),
	CONSTRAINT "rate_locks_money_check" CHECK ("rate_paise_per_gram" > 0 AND "advance_paise" > 0 AND "advance_used_paise" >= 0 AND "advance_refunded_paise" >= 0 AND "advance_kept_paise" >= 0 AND "advance_used_paise" + "advance_refunded_paise" + "advance_kept_paise" <= "advance_paise"),
	CONSTRAINT "rate_locks_period_check" CHECK ("period_days" BETWEEN 1 AND 1095)
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts_check";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_purpose_check";--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "locked_weight_mg" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "locked_rate_paise_per_gram" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rate_lock_advance_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "rate_lock_id" integer;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "rate_lock_advance_percent" integer DEFAULT 10 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "rate_lock_periods_days" integer[] DEFAULT '{30,90,180}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "rate_lock_max_mg" integer DEFAULT 50000 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "rate_lock_unused_advance" text DEFAULT 'refund' NOT NULL;--> statement-breakpoint
ALTER TABLE "rate_lock_uses" ADD CONSTRAINT "rate_lock_uses_rate_lock_id_rate_locks_id_fk" FOREIGN KEY ("rate_lock_id") REFERENCES "public"."rate_locks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_lock_uses" ADD CONSTRAINT "rate_lock_uses_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_lock_uses" ADD CONSTRAINT "rate_lock_uses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rate_locks" ADD CONSTRAINT "rate_locks_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rate_lock_uses_lock_idx" ON "rate_lock_uses" USING btree ("rate_lock_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rate_lock_uses_lock_order_key" ON "rate_lock_uses" USING btree ("rate_lock_id","order_id");--> statement-breakpoint
CREATE INDEX "rate_lock_uses_order_idx" ON "rate_lock_uses" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "rate_locks_customer_idx" ON "rate_locks" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "rate_locks_live_ends_idx" ON "rate_locks" USING btree ("ends_at") WHERE "rate_locks"."status" = 'Live';--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_rate_lock_id_rate_locks_id_fk" FOREIGN KEY ("rate_lock_id") REFERENCES "public"."rate_locks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_check" CHECK ("subtotal_paise" >= 0 AND "discount_paise" >= 0 AND "shipping_paise" >= 0 AND "tax_paise" >= 0 AND "harvest_credit_paise" >= 0 AND "store_credit_paise" >= 0 AND "total_paise" >= 0 AND "advance_paise" >= 0 AND "rate_lock_advance_paise" >= 0);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_purpose_check" CHECK ("purpose" IN ('cad_advance', 'harvest_instalment', 'order', 'order_adjustment', 'rate_lock'));--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_rate_lock_check" CHECK ("rate_lock_advance_percent" BETWEEN 1 AND 100 AND "rate_lock_max_mg" BETWEEN 1000 AND 10000000);--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_rate_lock_unused_check" CHECK ("rate_lock_unused_advance" IN ('refund', 'keep'));