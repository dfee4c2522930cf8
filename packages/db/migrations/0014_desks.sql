CREATE TABLE "cad_design_renders" (
	"id" serial PRIMARY KEY NOT NULL,
	"design_id" integer NOT NULL,
	"slot" smallint NOT NULL,
	"path" text NOT NULL,
	"thumb_path" text,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cad_design_renders_slot_check" CHECK ("slot" BETWEEN 1 AND 6)
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"number" text NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"amount_paise" bigint NOT NULL,
	"tax_paise" bigint DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "credit_notes_reason_check" CHECK ("reason" IN ('cancelled', 'returned', 'adjustment')),
	CONSTRAINT "credit_notes_amount_check" CHECK ("amount_paise" > 0 AND "tax_paise" >= 0 AND "tax_paise" <= "amount_paise")
);
--> statement-breakpoint
CREATE TABLE "order_adjustments" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"line_id" integer,
	"kind" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "order_adjustments_kind_check" CHECK ("kind" IN ('charge', 'refund')),
	CONSTRAINT "order_adjustments_status_check" CHECK ("status" IN ('open', 'settled', 'waived')),
	CONSTRAINT "order_adjustments_amount_check" CHECK ("amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_pieces" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"huid" text NOT NULL,
	"net_weight_mg" integer NOT NULL,
	"gross_weight_mg" integer NOT NULL,
	"recorded_by" integer,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone,
	CONSTRAINT "order_pieces_huid_check" CHECK ("huid" ~ '^[A-Z0-9]{6}$'),
	CONSTRAINT "order_pieces_weight_check" CHECK ("net_weight_mg" > 0 AND "gross_weight_mg" >= "net_weight_mg")
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts_check";--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_purpose_check";--> statement-breakpoint
ALTER TABLE "cad_designs" ADD COLUMN "price_breakup" jsonb;--> statement-breakpoint
ALTER TABLE "cad_designs" ADD COLUMN "rate_paise_per_gram" bigint;--> statement-breakpoint
ALTER TABLE "cad_designs" ADD COLUMN "rate_date" date;--> statement-breakpoint
ALTER TABLE "cad_designs" ADD COLUMN "adjust_to_weight" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "cad_designs" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "cad_designs" ADD COLUMN "created_by" integer;--> statement-breakpoint
ALTER TABLE "custom_design_requests" ADD COLUMN "huid" text;--> statement-breakpoint
ALTER TABLE "custom_design_requests" ADD COLUMN "net_weight_mg" integer;--> statement-breakpoint
ALTER TABLE "custom_design_requests" ADD COLUMN "gross_weight_mg" integer;--> statement-breakpoint
ALTER TABLE "custom_design_requests" ADD COLUMN "final_total_paise" bigint;--> statement-breakpoint
ALTER TABLE "custom_design_requests" ADD COLUMN "made_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "harvest_instalments" ADD COLUMN "reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "harvest_plans" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "harvest_plans" ADD COLUMN "closed_by" integer;--> statement-breakpoint
ALTER TABLE "harvest_plans" ADD COLUMN "close_reason" text;--> statement-breakpoint
ALTER TABLE "harvest_plans" ADD COLUMN "refunded_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "advance_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "courier_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "awb_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_url" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "dispatched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoiced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "adjustment_id" integer;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_by" integer;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "hidden_reason" text;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "weight_tolerance_percent" numeric(4, 2) DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "cad_design_renders" ADD CONSTRAINT "cad_design_renders_design_id_cad_designs_id_fk" FOREIGN KEY ("design_id") REFERENCES "public"."cad_designs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_adjustments" ADD CONSTRAINT "order_adjustments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_adjustments" ADD CONSTRAINT "order_adjustments_line_id_order_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."order_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_adjustments" ADD CONSTRAINT "order_adjustments_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_pieces" ADD CONSTRAINT "order_pieces_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_pieces" ADD CONSTRAINT "order_pieces_line_id_order_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."order_lines"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_pieces" ADD CONSTRAINT "order_pieces_recorded_by_staff_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cad_design_renders_design_slot_key" ON "cad_design_renders" USING btree ("design_id","slot");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_number_key" ON "credit_notes" USING btree ("number");--> statement-breakpoint
CREATE INDEX "credit_notes_order_idx" ON "credit_notes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_adjustments_order_idx" ON "order_adjustments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_pieces_order_idx" ON "order_pieces" USING btree ("order_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_pieces_huid_key" ON "order_pieces" USING btree ("huid") WHERE "order_pieces"."released_at" IS NULL;--> statement-breakpoint
ALTER TABLE "cad_designs" ADD CONSTRAINT "cad_designs_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "harvest_plans" ADD CONSTRAINT "harvest_plans_closed_by_staff_id_fk" FOREIGN KEY ("closed_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_adjustment_id_order_adjustments_id_fk" FOREIGN KEY ("adjustment_id") REFERENCES "public"."order_adjustments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_hidden_by_staff_id_fk" FOREIGN KEY ("hidden_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_design_requests" ADD CONSTRAINT "custom_design_requests_huid_check" CHECK ("huid" IS NULL OR "huid" ~ '^[A-Z0-9]{6}$');--> statement-breakpoint
ALTER TABLE "custom_design_requests" ADD CONSTRAINT "custom_design_requests_weight_check" CHECK ("net_weight_mg" IS NULL OR ("net_weight_mg" > 0 AND "gross_weight_mg" >= "net_weight_mg"));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_check" CHECK ("subtotal_paise" >= 0 AND "discount_paise" >= 0 AND "shipping_paise" >= 0 AND "tax_paise" >= 0 AND "harvest_credit_paise" >= 0 AND "total_paise" >= 0 AND "advance_paise" >= 0);--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_purpose_check" CHECK ("purpose" IN ('cad_advance', 'harvest_instalment', 'order', 'order_adjustment'));--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_weight_tolerance_check" CHECK ("weight_tolerance_percent" >= 0 AND "weight_tolerance_percent" <= 10);--> statement-breakpoint
-- Orders already on their way or delivered were invoiced before this change: they keep their invoice, dated
-- from their history; the dispatch and delivery times come from the same history.
UPDATE "orders" o SET
  "dispatched_at" = (SELECT min(h."at") FROM "order_status_history" h WHERE h."order_id" = o."id" AND h."status" = 'Out for Delivery'),
  "delivered_at" = (SELECT min(h."at") FROM "order_status_history" h WHERE h."order_id" = o."id" AND h."status" = 'Delivered')
WHERE o."status" IN ('Out for Delivery', 'Delivered');--> statement-breakpoint
UPDATE "orders" SET "invoiced_at" = coalesce("dispatched_at", "placed_at") WHERE "status" IN ('Out for Delivery', 'Delivered');
