-- Issue 38, the jeweller's duties: the BIS registration number (a setting), each piece's country of origin (kept on the
-- order line as sold), the Form 60 declaration of a buyer without a PAN, and an index for a buyer's pay-on-delivery
-- orders of one day (the cash limit of s.269ST).
CREATE TABLE "order_form60" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"address" text NOT NULL,
	"amount_paise" bigint NOT NULL,
	"aadhaar_last4" text,
	"no_aadhaar_reason" text,
	"declared_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_form60_aadhaar_check" CHECK ("aadhaar_last4" IS NULL OR "aadhaar_last4" ~ '^[0-9]{4}$'),
	CONSTRAINT "order_form60_one_of_check" CHECK (("aadhaar_last4" IS NULL) <> ("no_aadhaar_reason" IS NULL)),
	CONSTRAINT "order_form60_lengths_check" CHECK (char_length("name") BETWEEN 1 AND 120 AND char_length("address") BETWEEN 1 AND 300 AND char_length(coalesce("no_aadhaar_reason", '')) <= 200),
	CONSTRAINT "order_form60_amount_check" CHECK ("amount_paise" >= 0)
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "country_of_origin" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "country_of_origin" text DEFAULT 'India' NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "bis_registration" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_form60" ADD CONSTRAINT "order_form60_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_cod_placed_idx" ON "orders" USING btree ("placed_at") WHERE "orders"."payment_method" = 'cod';--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_country_of_origin_check" CHECK (char_length("country_of_origin") BETWEEN 2 AND 80);--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_bis_registration_check" CHECK ("bis_registration" = '' OR "bis_registration" ~ '^HM/C-[0-9]{10}$');