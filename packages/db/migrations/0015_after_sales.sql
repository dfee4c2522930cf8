CREATE TABLE "appointments" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"store_id" integer,
	"day" date NOT NULL,
	"slot" text NOT NULL,
	"purpose" text NOT NULL,
	"product_id" integer,
	"customer_id" integer,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"note" text,
	"trade_in" jsonb,
	"status" text DEFAULT 'Booked' NOT NULL,
	"manage_token_hash" text NOT NULL,
	"reminded_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "appointments_kind_check" CHECK ("kind" IN ('store', 'video')),
	CONSTRAINT "appointments_purpose_check" CHECK ("purpose" IN ('browse', 'product', 'trade_in', 'custom_design', 'exchange', 'other')),
	CONSTRAINT "appointments_status_check" CHECK ("status" IN ('Booked', 'Cancelled', 'Attended', 'Missed')),
	CONSTRAINT "appointments_slot_check" CHECK ("slot" ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
	CONSTRAINT "appointments_store_check" CHECK ("kind" = 'video' OR "store_id" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "exchange_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"piece_id" integer,
	"kind" text NOT NULL,
	"status" text DEFAULT 'Requested' NOT NULL,
	"quoted_paise" bigint NOT NULL,
	"rate_paise_per_gram" bigint NOT NULL,
	"rate_date" date NOT NULL,
	"metal_weight_mg" integer NOT NULL,
	"diamond_weight_cents" integer DEFAULT 0 NOT NULL,
	"settled_paise" bigint,
	"payout_reference" text,
	"refused_reason" text,
	"note" text,
	"settled_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "exchange_requests_kind_check" CHECK ("kind" IN ('exchange', 'buyback')),
	CONSTRAINT "exchange_requests_status_check" CHECK ("status" IN ('Requested', 'Received', 'Settled', 'Refused', 'Withdrawn')),
	CONSTRAINT "exchange_requests_amount_check" CHECK ("quoted_paise" >= 0 AND ("settled_paise" IS NULL OR "settled_paise" >= 0) AND "metal_weight_mg" >= 0 AND "diamond_weight_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_return_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"staff_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_return_events_status_check" CHECK ("status" IN ('Requested', 'Approved', 'Pickup scheduled', 'Received', 'Checked', 'Refunded', 'Refused'))
);
--> statement-breakpoint
CREATE TABLE "order_return_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"line_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"amount_paise" bigint NOT NULL,
	CONSTRAINT "order_return_lines_quantity_check" CHECK ("quantity" > 0 AND "amount_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "order_return_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"return_id" integer NOT NULL,
	"slot" smallint NOT NULL,
	"path" text NOT NULL,
	"thumb_path" text,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_return_photos_slot_check" CHECK ("slot" BETWEEN 1 AND 4)
);
--> statement-breakpoint
CREATE TABLE "order_returns" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"status" text DEFAULT 'Requested' NOT NULL,
	"reason" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"refund_method" text DEFAULT 'original' NOT NULL,
	"pickup_date" date,
	"pickup_note" text,
	"check_note" text,
	"disposition" text,
	"refused_reason" text,
	"refunded_paise" bigint DEFAULT 0 NOT NULL,
	"credit_note_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_returns_status_check" CHECK ("status" IN ('Requested', 'Approved', 'Pickup scheduled', 'Received', 'Checked', 'Refunded', 'Refused')),
	CONSTRAINT "order_returns_refund_method_check" CHECK ("refund_method" IN ('original', 'store_credit')),
	CONSTRAINT "order_returns_disposition_check" CHECK ("disposition" IS NULL OR "disposition" IN ('restock', 'write_off')),
	CONSTRAINT "order_returns_amount_check" CHECK ("amount_paise" > 0 AND "refunded_paise" >= 0 AND "refunded_paise" <= "amount_paise")
);
--> statement-breakpoint
CREATE TABLE "review_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"review_id" integer NOT NULL,
	"slot" smallint NOT NULL,
	"path" text NOT NULL,
	"thumb_path" text,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_photos_slot_check" CHECK ("slot" BETWEEN 1 AND 4)
);
--> statement-breakpoint
CREATE TABLE "store_credit_entries" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"amount_paise" bigint NOT NULL,
	"kind" text NOT NULL,
	"note" text NOT NULL,
	"order_id" integer,
	"return_id" integer,
	"exchange_id" integer,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_credit_entries_kind_check" CHECK ("kind" IN ('exchange', 'return', 'goodwill', 'spent', 'given_back', 'correction')),
	CONSTRAINT "store_credit_entries_amount_check" CHECK ("amount_paise" <> 0 AND (("kind" IN ('spent', 'correction')) OR "amount_paise" > 0) AND ("kind" <> 'spent' OR "amount_paise" < 0))
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts_check";--> statement-breakpoint
ALTER TABLE "order_pieces" ADD COLUMN "certificate_lab" text;--> statement-breakpoint
ALTER TABLE "order_pieces" ADD COLUMN "certificate_number" text;--> statement-breakpoint
ALTER TABLE "order_pieces" ADD COLUMN "certificate_path" text;--> statement-breakpoint
ALTER TABLE "order_pieces" ADD COLUMN "certificate_type" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "store_credit_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "order_line_id" integer;--> statement-breakpoint
ALTER TABLE "reviews" ADD COLUMN "edited_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "exchange_percent" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "buyback_percent" integer DEFAULT 95 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "diamond_exchange_percent" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "diamond_buyback_percent" integer DEFAULT 75 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "trade_in_percent" integer DEFAULT 95 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "appointment_slot_capacity" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_store_id_stores_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."stores"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_requests" ADD CONSTRAINT "exchange_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_requests" ADD CONSTRAINT "exchange_requests_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_requests" ADD CONSTRAINT "exchange_requests_line_id_order_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_requests" ADD CONSTRAINT "exchange_requests_piece_id_order_pieces_id_fk" FOREIGN KEY ("piece_id") REFERENCES "public"."order_pieces"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_requests" ADD CONSTRAINT "exchange_requests_settled_by_staff_id_fk" FOREIGN KEY ("settled_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_return_events" ADD CONSTRAINT "order_return_events_return_id_order_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."order_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_return_events" ADD CONSTRAINT "order_return_events_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_return_lines" ADD CONSTRAINT "order_return_lines_return_id_order_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."order_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_return_lines" ADD CONSTRAINT "order_return_lines_line_id_order_lines_id_fk" FOREIGN KEY ("line_id") REFERENCES "public"."order_lines"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_return_photos" ADD CONSTRAINT "order_return_photos_return_id_order_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."order_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_returns" ADD CONSTRAINT "order_returns_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_photos" ADD CONSTRAINT "review_photos_review_id_reviews_id_fk" FOREIGN KEY ("review_id") REFERENCES "public"."reviews"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_return_id_order_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."order_returns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_exchange_id_exchange_requests_id_fk" FOREIGN KEY ("exchange_id") REFERENCES "public"."exchange_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "store_credit_entries" ADD CONSTRAINT "store_credit_entries_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_store_day_idx" ON "appointments" USING btree ("store_id","day","slot");--> statement-breakpoint
CREATE INDEX "appointments_customer_idx" ON "appointments" USING btree ("customer_id","day");--> statement-breakpoint
CREATE INDEX "appointments_reminder_idx" ON "appointments" USING btree ("day") WHERE "appointments"."status" = 'Booked' AND "appointments"."reminded_at" IS NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "appointments_manage_token_key" ON "appointments" USING btree ("manage_token_hash");--> statement-breakpoint
CREATE INDEX "exchange_requests_customer_idx" ON "exchange_requests" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "exchange_requests_status_idx" ON "exchange_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "exchange_requests_line_idx" ON "exchange_requests" USING btree ("line_id");--> statement-breakpoint
CREATE INDEX "order_return_events_return_idx" ON "order_return_events" USING btree ("return_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "order_return_lines_return_line_key" ON "order_return_lines" USING btree ("return_id","line_id");--> statement-breakpoint
CREATE INDEX "order_return_lines_line_idx" ON "order_return_lines" USING btree ("line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "order_return_photos_return_slot_key" ON "order_return_photos" USING btree ("return_id","slot");--> statement-breakpoint
CREATE INDEX "order_returns_order_idx" ON "order_returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_returns_customer_idx" ON "order_returns" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "order_returns_status_idx" ON "order_returns" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "review_photos_review_slot_key" ON "review_photos" USING btree ("review_id","slot");--> statement-breakpoint
CREATE INDEX "store_credit_entries_customer_idx" ON "store_credit_entries" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "store_credit_entries_order_idx" ON "store_credit_entries" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_order_line_id_order_lines_id_fk" FOREIGN KEY ("order_line_id") REFERENCES "public"."order_lines"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_check" CHECK ("subtotal_paise" >= 0 AND "discount_paise" >= 0 AND "shipping_paise" >= 0 AND "tax_paise" >= 0 AND "harvest_credit_paise" >= 0 AND "store_credit_paise" >= 0 AND "total_paise" >= 0 AND "advance_paise" >= 0);--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_after_sales_check" CHECK ("exchange_percent" BETWEEN 0 AND 100 AND "buyback_percent" BETWEEN 0 AND 100 AND "diamond_exchange_percent" BETWEEN 0 AND 100 AND "diamond_buyback_percent" BETWEEN 0 AND 100 AND "trade_in_percent" BETWEEN 0 AND 100);--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_slot_capacity_check" CHECK ("appointment_slot_capacity" BETWEEN 1 AND 50);