CREATE TABLE "cad_designs" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"version" integer NOT NULL,
	"metal" text NOT NULL,
	"category" text NOT NULL,
	"metal_weight_mg" integer NOT NULL,
	"metal_quality" text NOT NULL,
	"colour" text,
	"diamond_quality" text,
	"diamond_weight_cents" integer,
	"stone" text,
	"stone_weight_cents" integer,
	"total_amount_paise" bigint NOT NULL,
	"advance_percent" integer DEFAULT 30 NOT NULL,
	"advance_paise" bigint NOT NULL,
	"image_path" text,
	"status" text DEFAULT 'Shared' NOT NULL,
	"reject_reason" text,
	"shared_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "cad_designs_status_check" CHECK ("status" IN ('Shared', 'Approved', 'Rejected', 'Superseded')),
	CONSTRAINT "cad_designs_advance_check" CHECK ("advance_percent" BETWEEN 0 AND 100 AND "advance_paise" >= 0 AND "total_amount_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "cart_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"cart_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"options_key" text DEFAULT '' NOT NULL,
	"unit_price_paise" bigint NOT NULL,
	"rate_paise_per_gram" bigint,
	"rate_date" date,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_lines_quantity_check" CHECK ("quantity" > 0),
	CONSTRAINT "cart_lines_price_check" CHECK ("unit_price_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "carts" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"query_name" text NOT NULL,
	"slug" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"image" text
);
--> statement-breakpoint
CREATE TABLE "coupon_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"coupon_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"discount_paise" bigint NOT NULL,
	"redeemed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"max_discount_paise" bigint,
	"min_order_paise" bigint DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"usage_limit" integer,
	"per_customer_limit" integer,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_kind_check" CHECK ("kind" IN ('percent', 'fixed')),
	CONSTRAINT "coupons_code_upper_check" CHECK ("code" = upper("code")),
	CONSTRAINT "coupons_value_check" CHECK ("value" > 0 AND ("kind" <> 'percent' OR "value" <= 100)),
	CONSTRAINT "coupons_dates_check" CHECK ("ends_at" IS NULL OR "ends_at" > "starts_at")
);
--> statement-breakpoint
CREATE TABLE "custom_design_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"request_id" integer NOT NULL,
	"slot" smallint NOT NULL,
	"path" text NOT NULL,
	"thumb_path" text,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_design_images_slot_check" CHECK ("slot" BETWEEN 1 AND 4)
);
--> statement-breakpoint
CREATE TABLE "custom_design_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"metal_type" text NOT NULL,
	"gold_quality" integer,
	"metal_weight_mg" integer,
	"gold_colour" text,
	"category" text NOT NULL,
	"diamond" text,
	"diamond_quality" text,
	"diamond_count" integer,
	"diamond_weight_cents" integer,
	"stone" text,
	"stone_type" text,
	"stone_count" integer,
	"stone_weight_cents" integer,
	"remarks" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'Requested' NOT NULL,
	"reject_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_design_requests_status_check" CHECK ("status" IN ('Requested', 'Design Shared', 'Approved', 'Making', 'Picked', 'Out for Delivery', 'Delivered', 'Rejected', 'Cancelled')),
	CONSTRAINT "custom_design_requests_metal_check" CHECK ("metal_type" IN ('gold', 'silver', 'platinum')),
	CONSTRAINT "custom_design_requests_gold_quality_check" CHECK ("gold_quality" IS NULL OR "gold_quality" IN (14, 18, 22)),
	CONSTRAINT "custom_design_requests_gold_colour_check" CHECK ("gold_colour" IS NULL OR "gold_colour" IN ('Yellow Gold', 'Rose Gold', 'White Gold'))
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"mobile" text,
	"role" text DEFAULT 'customer' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_email_lower_check" CHECK ("email" = lower("email")),
	CONSTRAINT "customers_role_check" CHECK ("role" IN ('customer', 'staff'))
);
--> statement-breakpoint
CREATE TABLE "diamond_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"rate_date" date NOT NULL,
	"quality" text NOT NULL,
	"rate_paise_per_carat" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "diamond_rates_quality_check" CHECK ("quality" IN ('SI-IJ', 'SI-GH', 'VVS-GH', 'VVS-EF')),
	CONSTRAINT "diamond_rates_rate_check" CHECK ("rate_paise_per_carat" > 0)
);
--> statement-breakpoint
CREATE TABLE "harvest_instalments" (
	"id" serial PRIMARY KEY NOT NULL,
	"plan_id" integer NOT NULL,
	"number" smallint NOT NULL,
	"due_date" date NOT NULL,
	"amount_paise" bigint NOT NULL,
	"discount_paise" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'Due' NOT NULL,
	"payment_id" integer,
	"paid_at" timestamp with time zone,
	CONSTRAINT "harvest_instalments_status_check" CHECK ("status" IN ('Due', 'Paid', 'Free')),
	CONSTRAINT "harvest_instalments_number_check" CHECK ("number" BETWEEN 1 AND 11),
	CONSTRAINT "harvest_instalments_amount_check" CHECK ("amount_paise" >= 0 AND "discount_paise" >= 0 AND "discount_paise" <= "amount_paise")
);
--> statement-breakpoint
CREATE TABLE "harvest_plans" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"monthly_amount_paise" bigint NOT NULL,
	"email" text NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"redeemable_balance_paise" bigint DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"matures_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "harvest_plans_status_check" CHECK ("status" IN ('Active', 'Matured', 'Redeemed', 'Cancelled')),
	CONSTRAINT "harvest_plans_amount_check" CHECK ("monthly_amount_paise" > 0 AND "redeemable_balance_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"kind" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "mail_outbox_status_check" CHECK ("status" IN ('pending', 'sent', 'failed'))
);
--> statement-breakpoint
CREATE TABLE "metal_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"rate_date" date NOT NULL,
	"metal" text NOT NULL,
	"purity" integer NOT NULL,
	"rate_paise_per_gram" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "metal_rates_metal_check" CHECK ("metal" IN ('gold', 'platinum', 'silver')),
	CONSTRAINT "metal_rates_purity_check" CHECK (("metal" = 'gold' AND "purity" IN (14, 18, 22, 24)) OR ("metal" = 'platinum' AND "purity" = 950) OR ("metal" = 'silver' AND "purity" = 925)),
	CONSTRAINT "metal_rates_rate_check" CHECK ("rate_paise_per_gram" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_addresses" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"country" text NOT NULL,
	"address" text NOT NULL,
	"city" text NOT NULL,
	"state" text,
	"pincode" text NOT NULL,
	"country_code" text NOT NULL,
	"phone" text NOT NULL,
	CONSTRAINT "order_addresses_kind_check" CHECK ("kind" IN ('shipping', 'billing'))
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"product_id" integer,
	"product_name" text NOT NULL,
	"sku" text NOT NULL,
	"image" text NOT NULL,
	"category_name" text,
	"options" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"unit_price_paise" bigint NOT NULL,
	"quantity" integer NOT NULL,
	"line_total_paise" bigint NOT NULL,
	"metal_weight_mg" integer,
	"purity" integer,
	"rate_paise_per_gram" bigint,
	"rate_date" date,
	"price_breakup" jsonb,
	"hsn_code" text DEFAULT '7113' NOT NULL,
	"huid" text,
	CONSTRAINT "order_lines_quantity_check" CHECK ("quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "order_status_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"status" text NOT NULL,
	"note" text,
	"changed_by" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_status_history_status_check" CHECK ("status" IN ('Placed', 'Picked', 'Out for Delivery', 'Delivered', 'Cancelled'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"order_number" text NOT NULL,
	"status" text DEFAULT 'Placed' NOT NULL,
	"custom_design_request_id" integer,
	"subtotal_paise" bigint NOT NULL,
	"discount_paise" bigint DEFAULT 0 NOT NULL,
	"shipping_paise" bigint DEFAULT 0 NOT NULL,
	"tax_paise" bigint DEFAULT 0 NOT NULL,
	"harvest_credit_paise" bigint DEFAULT 0 NOT NULL,
	"total_paise" bigint NOT NULL,
	"coupon_code" text,
	"idempotency_key" text,
	"company_name" text,
	"company_email" text,
	"company_gstin" text,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_status_check" CHECK ("status" IN ('Placed', 'Picked', 'Out for Delivery', 'Delivered', 'Cancelled')),
	CONSTRAINT "orders_amounts_check" CHECK ("subtotal_paise" >= 0 AND "discount_paise" >= 0 AND "shipping_paise" >= 0 AND "tax_paise" >= 0 AND "harvest_credit_paise" >= 0 AND "total_paise" >= 0)
);
--> statement-breakpoint
CREATE TABLE "other_stones" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "password_resets" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"tries_left" integer DEFAULT 5 NOT NULL,
	"verified_token_hash" text,
	"verified_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "password_resets_tries_check" CHECK ("tries_left" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"purpose" text NOT NULL,
	"order_id" integer,
	"cad_design_id" integer,
	"harvest_plan_id" integer,
	"amount_paise" bigint NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"gateway" text NOT NULL,
	"gateway_ref" text,
	"method" text,
	"failure_reason" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	CONSTRAINT "payments_purpose_check" CHECK ("purpose" IN ('cad_advance', 'harvest_instalment', 'order')),
	CONSTRAINT "payments_status_check" CHECK ("status" IN ('created', 'paid', 'failed', 'refunded')),
	CONSTRAINT "payments_amount_check" CHECK ("amount_paise" > 0)
);
--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"path" text NOT NULL,
	"thumb_path" text,
	"alt" text DEFAULT '' NOT NULL,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_stones" (
	"product_id" integer NOT NULL,
	"other_stone_id" integer NOT NULL,
	CONSTRAINT "product_stones_product_id_other_stone_id_pk" PRIMARY KEY("product_id","other_stone_id")
);
--> statement-breakpoint
CREATE TABLE "product_tags" (
	"product_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "product_tags_product_id_tag_id_pk" PRIMARY KEY("product_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"material" text NOT NULL,
	"metal" text NOT NULL,
	"category_id" integer NOT NULL,
	"metal_colour" text,
	"purity" integer,
	"metal_weight_mg" integer,
	"fixed_price_paise" bigint,
	"making_charge_paise" bigint DEFAULT 0 NOT NULL,
	"diamond_weight_cents" integer DEFAULT 0 NOT NULL,
	"diamond_count" integer DEFAULT 0 NOT NULL,
	"diamond_quality" text,
	"stone_value_paise" bigint DEFAULT 0 NOT NULL,
	"stone_weight_cents" integer DEFAULT 0 NOT NULL,
	"colour" text,
	"huid" text,
	"stock" integer DEFAULT 0 NOT NULL,
	"units_sold" integer DEFAULT 0 NOT NULL,
	"rating_tenths" smallint DEFAULT 0 NOT NULL,
	"review_count" integer DEFAULT 0 NOT NULL,
	"featured_rank" integer,
	"on_sale" boolean DEFAULT false NOT NULL,
	"image" text NOT NULL,
	"gender" text,
	"occasion" text,
	"list_price_paise" bigint NOT NULL,
	"list_price_date" date NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (setweight(to_tsvector('english'::regconfig, coalesce("name", '') || ' ' || coalesce("sku", '')), 'A') || setweight(to_tsvector('english'::regconfig, coalesce("material", '') || ' ' || coalesce("search_text", '')), 'B') || setweight(to_tsvector('english'::regconfig, coalesce("description", '')), 'C')) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_material_check" CHECK ("material" IN ('Gold', 'Diamond', 'Platinum', 'Silver')),
	CONSTRAINT "products_metal_check" CHECK ("metal" IN ('gold', 'platinum', 'silver')),
	CONSTRAINT "products_metal_colour_check" CHECK ("metal_colour" IS NULL OR "metal_colour" IN ('Yellow Gold', 'Rose Gold', 'White Gold')),
	CONSTRAINT "products_colour_check" CHECK ("colour" IS NULL OR "colour" IN ('Red', 'Green', 'Brown', 'Grey', 'Orange')),
	CONSTRAINT "products_diamond_quality_check" CHECK ("diamond_quality" IS NULL OR "diamond_quality" IN ('SI-IJ', 'SI-GH', 'VVS-GH', 'VVS-EF')),
	CONSTRAINT "products_gender_check" CHECK ("gender" IS NULL OR "gender" IN ('Women', 'Men', 'Kids', 'Unisex')),
	CONSTRAINT "products_priced_check" CHECK ("metal_weight_mg" IS NOT NULL OR "fixed_price_paise" IS NOT NULL),
	CONSTRAINT "products_purity_check" CHECK ("purity" IS NULL OR ("metal" = 'gold' AND "purity" IN (14, 18, 22, 24)) OR ("metal" = 'platinum' AND "purity" = 950) OR ("metal" = 'silver' AND "purity" = 925)),
	CONSTRAINT "products_huid_check" CHECK ("huid" IS NULL OR "huid" ~ '^[A-Z0-9]{6}$'),
	CONSTRAINT "products_stock_check" CHECK ("stock" >= 0),
	CONSTRAINT "products_rating_check" CHECK ("rating_tenths" BETWEEN 0 AND 50),
	CONSTRAINT "products_amounts_check" CHECK ("making_charge_paise" >= 0 AND "stone_value_paise" >= 0 AND "diamond_weight_cents" >= 0 AND "list_price_paise" >= 0 AND ("metal_weight_mg" IS NULL OR "metal_weight_mg" > 0))
);
--> statement-breakpoint
CREATE TABLE "rate_limit_hits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limit_hits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sizer_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"address" text NOT NULL,
	"product_id" integer,
	"customer_id" integer,
	"status" text DEFAULT 'New' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sizer_requests_status_check" CHECK ("status" IN ('New', 'Sent', 'Closed'))
);
--> statement-breakpoint
CREATE TABLE "store_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"store_name" text NOT NULL,
	"help_line" text NOT NULL,
	"email_primary" text NOT NULL,
	"email_secondary" text NOT NULL,
	"office_address" text NOT NULL,
	"return_window_days" integer DEFAULT 15 NOT NULL,
	"shipping_fee_paise" bigint DEFAULT 299 NOT NULL,
	"delivery_days" integer DEFAULT 15 NOT NULL,
	"gst_percent" numeric(5, 2) DEFAULT 3 NOT NULL,
	"cad_advance_percent" integer DEFAULT 30 NOT NULL,
	"seller_legal_name" text NOT NULL,
	"seller_gstin" text NOT NULL,
	"seller_state" text NOT NULL,
	"seller_state_code" text NOT NULL,
	"invoice_prefix" text DEFAULT 'MIL' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "store_settings_single_row" CHECK ("id" = 1)
);
--> statement-breakpoint
CREATE TABLE "stores" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"city" text NOT NULL,
	"address" text NOT NULL,
	"pincode" text NOT NULL,
	"phone" text NOT NULL,
	"hours" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "stores_pincode_check" CHECK ("pincode" ~ '^[1-9][0-9]{5}$'),
	CONSTRAINT "stores_position_check" CHECK ("latitude" BETWEEN -90 AND 90 AND "longitude" BETWEEN -180 AND 180)
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"category_id" integer NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "trade_partner_applications" (
	"id" serial PRIMARY KEY NOT NULL,
	"form" text NOT NULL,
	"ad_user_type" text NOT NULL,
	"partner_type" text NOT NULL,
	"customer_id" integer,
	"first_name" text,
	"middle_name" text,
	"last_name" text,
	"company_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"country_code" text DEFAULT '91' NOT NULL,
	"comp_type" text,
	"comp_type_other" text,
	"comp_add1" text,
	"comp_add2" text,
	"comp_city" text,
	"comp_state" text,
	"comp_postal" text,
	"sr_name" text,
	"sr_area" text,
	"sr_est_date" date,
	"sr_add1" text,
	"sr_add2" text,
	"sr_city" text,
	"sr_state" text,
	"sr_pin" text,
	"comp_pan" text,
	"comp_gst" text,
	"comp_invoice_name" text,
	"comp_wef" date,
	"comp_bank_name" text,
	"comp_account" text,
	"comp_branch" text,
	"comp_ifsc" text,
	"comp_retail" text,
	"comp_location" text,
	"comp_ba" smallint,
	"comp_br" smallint,
	"comp_er" smallint,
	"comp_fr" smallint,
	"comp_ne" smallint,
	"comp_no" smallint,
	"comp_pe" smallint,
	"status" text DEFAULT 'Received' NOT NULL,
	"staff_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "trade_partner_applications_form_check" CHECK ("form" IN ('short', 'long')),
	CONSTRAINT "trade_partner_applications_type_check" CHECK ("partner_type" IN ('Manufacturer', 'Reseller', 'Retailer')),
	CONSTRAINT "trade_partner_applications_status_check" CHECK ("status" IN ('Received', 'Under Review', 'Approved', 'Rejected')),
	CONSTRAINT "trade_partner_applications_percent_check" CHECK (("comp_ba" IS NULL OR "comp_ba" BETWEEN 0 AND 100) AND ("comp_br" IS NULL OR "comp_br" BETWEEN 0 AND 100) AND ("comp_er" IS NULL OR "comp_er" BETWEEN 0 AND 100) AND ("comp_fr" IS NULL OR "comp_fr" BETWEEN 0 AND 100) AND ("comp_ne" IS NULL OR "comp_ne" BETWEEN 0 AND 100) AND ("comp_no" IS NULL OR "comp_no" BETWEEN 0 AND 100) AND ("comp_pe" IS NULL OR "comp_pe" BETWEEN 0 AND 100))
);
--> statement-breakpoint
CREATE TABLE "trade_partner_contacts" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"role" text NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"email" text,
	CONSTRAINT "trade_partner_contacts_role_check" CHECK ("role" IN ('management', 'service', 'logistics', 'accounts'))
);
--> statement-breakpoint
CREATE TABLE "trade_partner_owners" (
	"id" serial PRIMARY KEY NOT NULL,
	"application_id" integer NOT NULL,
	"slot" smallint NOT NULL,
	"name" text NOT NULL,
	"mobile" text,
	"email" text,
	"dob" date,
	"anniversary" date,
	CONSTRAINT "trade_partner_owners_slot_check" CHECK ("slot" BETWEEN 1 AND 3)
);
--> statement-breakpoint
CREATE TABLE "wishlist_items" (
	"customer_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "wishlist_items_customer_id_product_id_pk" PRIMARY KEY("customer_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "cad_designs" ADD CONSTRAINT "cad_designs_request_id_custom_design_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."custom_design_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_cart_id_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carts" ADD CONSTRAINT "carts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_redemptions" ADD CONSTRAINT "coupon_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_design_images" ADD CONSTRAINT "custom_design_images_request_id_custom_design_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."custom_design_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "custom_design_requests" ADD CONSTRAINT "custom_design_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "harvest_instalments" ADD CONSTRAINT "harvest_instalments_plan_id_harvest_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."harvest_plans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "harvest_instalments" ADD CONSTRAINT "harvest_instalments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "harvest_plans" ADD CONSTRAINT "harvest_plans_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_addresses" ADD CONSTRAINT "order_addresses_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_changed_by_customers_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_custom_design_request_id_custom_design_requests_id_fk" FOREIGN KEY ("custom_design_request_id") REFERENCES "public"."custom_design_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_resets" ADD CONSTRAINT "password_resets_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_cad_design_id_cad_designs_id_fk" FOREIGN KEY ("cad_design_id") REFERENCES "public"."cad_designs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_harvest_plan_id_harvest_plans_id_fk" FOREIGN KEY ("harvest_plan_id") REFERENCES "public"."harvest_plans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stones" ADD CONSTRAINT "product_stones_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_stones" ADD CONSTRAINT "product_stones_other_stone_id_other_stones_id_fk" FOREIGN KEY ("other_stone_id") REFERENCES "public"."other_stones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tags" ADD CONSTRAINT "product_tags_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_tags" ADD CONSTRAINT "product_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sizer_requests" ADD CONSTRAINT "sizer_requests_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sizer_requests" ADD CONSTRAINT "sizer_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_partner_applications" ADD CONSTRAINT "trade_partner_applications_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_partner_contacts" ADD CONSTRAINT "trade_partner_contacts_application_id_trade_partner_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."trade_partner_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "trade_partner_owners" ADD CONSTRAINT "trade_partner_owners_application_id_trade_partner_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."trade_partner_applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "wishlist_items" ADD CONSTRAINT "wishlist_items_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "cad_designs_request_version_key" ON "cad_designs" USING btree ("request_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "cart_lines_cart_product_options_key" ON "cart_lines" USING btree ("cart_id","product_id","options_key");--> statement-breakpoint
CREATE INDEX "cart_lines_product_idx" ON "cart_lines" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "carts_customer_key" ON "carts" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_name_key" ON "categories" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_query_name_key" ON "categories" USING btree ("query_name");--> statement-breakpoint
CREATE UNIQUE INDEX "categories_slug_key" ON "categories" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "coupon_redemptions_coupon_order_key" ON "coupon_redemptions" USING btree ("coupon_id","order_id");--> statement-breakpoint
CREATE INDEX "coupon_redemptions_coupon_customer_idx" ON "coupon_redemptions" USING btree ("coupon_id","customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_key" ON "coupons" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "custom_design_images_request_slot_key" ON "custom_design_images" USING btree ("request_id","slot");--> statement-breakpoint
CREATE INDEX "custom_design_requests_customer_idx" ON "custom_design_requests" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "custom_design_requests_status_idx" ON "custom_design_requests" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_username_key" ON "customers" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "customers_email_key" ON "customers" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "diamond_rates_date_quality_key" ON "diamond_rates" USING btree ("rate_date","quality");--> statement-breakpoint
CREATE UNIQUE INDEX "harvest_instalments_plan_number_key" ON "harvest_instalments" USING btree ("plan_id","number");--> statement-breakpoint
CREATE INDEX "harvest_instalments_due_idx" ON "harvest_instalments" USING btree ("status","due_date");--> statement-breakpoint
CREATE INDEX "harvest_plans_customer_idx" ON "harvest_plans" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_pending_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "metal_rates_date_metal_purity_key" ON "metal_rates" USING btree ("rate_date","metal","purity");--> statement-breakpoint
CREATE UNIQUE INDEX "order_addresses_order_kind_key" ON "order_addresses" USING btree ("order_id","kind");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_lines_product_idx" ON "order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "order_status_history_order_idx" ON "order_status_history" USING btree ("order_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_number_key" ON "orders" USING btree ("order_number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_customer_idempotency_key" ON "orders" USING btree ("customer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "orders_customer_placed_idx" ON "orders" USING btree ("customer_id","placed_at");--> statement-breakpoint
CREATE INDEX "orders_status_idx" ON "orders" USING btree ("status");--> statement-breakpoint
CREATE UNIQUE INDEX "other_stones_name_key" ON "other_stones" USING btree ("name");--> statement-breakpoint
CREATE UNIQUE INDEX "other_stones_slug_key" ON "other_stones" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "password_resets_customer_idx" ON "password_resets" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "password_resets_verified_token_key" ON "password_resets" USING btree ("verified_token_hash");--> statement-breakpoint
CREATE INDEX "payments_customer_idx" ON "payments" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_gateway_ref_key" ON "payments" USING btree ("gateway","gateway_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_customer_idempotency_key" ON "payments" USING btree ("customer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "product_images_product_idx" ON "product_images" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "product_stones_stone_idx" ON "product_stones" USING btree ("other_stone_id");--> statement-breakpoint
CREATE INDEX "product_tags_tag_idx" ON "product_tags" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku_key" ON "products" USING btree ("sku");--> statement-breakpoint
CREATE UNIQUE INDEX "products_slug_key" ON "products" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "products_material_idx" ON "products" USING btree ("material");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "products_material_category_price_idx" ON "products" USING btree ("material","category_id","list_price_paise");--> statement-breakpoint
CREATE INDEX "products_list_price_idx" ON "products" USING btree ("list_price_paise");--> statement-breakpoint
CREATE INDEX "products_created_at_idx" ON "products" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "products_units_sold_idx" ON "products" USING btree ("units_sold");--> statement-breakpoint
CREATE INDEX "products_rating_idx" ON "products" USING btree ("rating_tenths");--> statement-breakpoint
CREATE INDEX "products_colour_idx" ON "products" USING btree ("colour");--> statement-breakpoint
CREATE INDEX "products_metal_colour_idx" ON "products" USING btree ("metal_colour");--> statement-breakpoint
CREATE INDEX "products_on_sale_idx" ON "products" USING btree ("category_id") WHERE "on_sale";--> statement-breakpoint
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "products_name_trgm_idx" ON "products" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_search_text_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "rate_limit_hits_window_idx" ON "rate_limit_hits" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "sessions_customer_idx" ON "sessions" USING btree ("customer_id");--> statement-breakpoint
CREATE INDEX "sessions_expires_at_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "sizer_requests_status_idx" ON "sizer_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "stores_city_idx" ON "stores" USING btree ("city");--> statement-breakpoint
CREATE INDEX "stores_pincode_idx" ON "stores" USING btree ("pincode");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_category_name_key" ON "tags" USING btree ("category_id","name");--> statement-breakpoint
CREATE INDEX "tags_name_idx" ON "tags" USING btree ("name");--> statement-breakpoint
CREATE INDEX "trade_partner_applications_status_idx" ON "trade_partner_applications" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "trade_partner_applications_email_idx" ON "trade_partner_applications" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_partner_contacts_application_role_key" ON "trade_partner_contacts" USING btree ("application_id","role");--> statement-breakpoint
CREATE UNIQUE INDEX "trade_partner_owners_application_slot_key" ON "trade_partner_owners" USING btree ("application_id","slot");--> statement-breakpoint
CREATE INDEX "wishlist_items_product_idx" ON "wishlist_items" USING btree ("product_id");