CREATE TABLE "metal_credits" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"gross_mg" integer NOT NULL,
	"purity_per_mille" integer NOT NULL,
	"melting_loss_per_mille" integer NOT NULL,
	"fine_mg" integer NOT NULL,
	"used_mg" integer DEFAULT 0 NOT NULL,
	"sold_mg" integer DEFAULT 0 NOT NULL,
	"expired_mg" integer DEFAULT 0 NOT NULL,
	"made_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"appointment_id" integer,
	"staff_id" integer,
	"note" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "metal_credits_weight_check" CHECK ("gross_mg" > 0 AND "fine_mg" > 0 AND "fine_mg" <= "gross_mg"),
	CONSTRAINT "metal_credits_purity_check" CHECK ("purity_per_mille" BETWEEN 1 AND 999 AND "melting_loss_per_mille" BETWEEN 0 AND 200),
	CONSTRAINT "metal_credits_debits_check" CHECK ("used_mg" >= 0 AND "sold_mg" >= 0 AND "expired_mg" >= 0 AND "used_mg" + "sold_mg" + "expired_mg" <= "fine_mg"),
	CONSTRAINT "metal_credits_expiry_check" CHECK ("expires_at" > "made_at")
);
--> statement-breakpoint
CREATE TABLE "metal_debits" (
	"id" serial PRIMARY KEY NOT NULL,
	"credit_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"kind" text NOT NULL,
	"mg" integer NOT NULL,
	"paise" bigint DEFAULT 0 NOT NULL,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"returned_at" timestamp with time zone,
	CONSTRAINT "metal_debits_kind_check" CHECK ("kind" IN ('use', 'buy_back', 'expiry')),
	CONSTRAINT "metal_debits_amounts_check" CHECK ("mg" > 0 AND "paise" >= 0),
	CONSTRAINT "metal_debits_order_check" CHECK (("kind" = 'use') = ("order_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_purpose_check";--> statement-breakpoint
ALTER TABLE "store_credit_entries" DROP CONSTRAINT "store_credit_entries_kind_check";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "metal_account_mg" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "metal_account_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "metal_melting_loss_per_mille" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "metal_assay_max_mg" integer DEFAULT 1000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "metal_credits" ADD CONSTRAINT "metal_credits_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metal_credits" ADD CONSTRAINT "metal_credits_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metal_credits" ADD CONSTRAINT "metal_credits_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metal_debits" ADD CONSTRAINT "metal_debits_credit_id_metal_credits_id_fk" FOREIGN KEY ("credit_id") REFERENCES "public"."metal_credits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metal_debits" ADD CONSTRAINT "metal_debits_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metal_debits" ADD CONSTRAINT "metal_debits_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "metal_credits_customer_idx" ON "metal_credits" USING btree ("customer_id","expires_at");--> statement-breakpoint
CREATE INDEX "metal_credits_expires_idx" ON "metal_credits" USING btree ("expires_at") WHERE "metal_credits"."used_mg" + "metal_credits"."sold_mg" + "metal_credits"."expired_mg" < "metal_credits"."fine_mg";--> statement-breakpoint
CREATE INDEX "metal_debits_credit_idx" ON "metal_debits" USING btree ("credit_id");--> statement-breakpoint
CREATE INDEX "metal_debits_customer_idx" ON "metal_debits" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "metal_debits_order_idx" ON "metal_debits" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_purpose_check" CHECK ("purpose" IN ('browse', 'product', 'trade_in', 'custom_design', 'exchange', 'other', 'assay'));--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_kind_check" CHECK ("kind" IN ('exchange', 'return', 'goodwill', 'spent', 'given_back', 'correction', 'gold_sold'));--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_metal_account_check" CHECK ("metal_melting_loss_per_mille" BETWEEN 0 AND 200 AND "metal_assay_max_mg" BETWEEN 1000 AND 10000000);