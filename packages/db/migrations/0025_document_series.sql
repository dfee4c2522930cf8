CREATE TABLE "document_series" (
	"kind" text NOT NULL,
	"financial_year" text NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "document_series_kind_financial_year_pk" PRIMARY KEY("kind","financial_year"),
	CONSTRAINT "document_series_kind_check" CHECK ("kind" IN ('invoice', 'credit_note')),
	CONSTRAINT "document_series_year_check" CHECK ("financial_year" ~ '^[0-9]{4}$'),
	CONSTRAINT "document_series_number_check" CHECK ("last_number" > 0)
);
--> statement-breakpoint
CREATE TABLE "huid_articles" (
	"huid" text PRIMARY KEY NOT NULL,
	"article" text NOT NULL,
	"article_name" text NOT NULL,
	"first_recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "huid_articles_huid_check" CHECK ("huid" ~ '^[A-Z0-9]{6}$')
);
--> statement-breakpoint
ALTER TABLE "order_adjustments" ADD COLUMN "difference_mg" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_adjustments" ADD COLUMN "metal_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_adjustments" ADD COLUMN "making_paise" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "making_percent_hundredths" integer;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "making_paise_per_gram" bigint;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_number" text;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_invoice_number_key" ON "orders" USING btree ("invoice_number");--> statement-breakpoint
-- Hand-written (issue 39): NOT VALID, so credit notes issued before keep their longer numbers; new ones are held to 16.
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_number_length_check" CHECK (char_length("number") <= 16) NOT VALID;--> statement-breakpoint
-- Hand-written from here.
-- Invoices issued before keep the number they were issued with: the order number, carrying the invoice prefix.
UPDATE "orders" o SET "invoice_number" = CASE
    WHEN upper(o."order_number") LIKE upper(s."invoice_prefix") || '%' THEN o."order_number"
    ELSE s."invoice_prefix" || '-' || o."order_number" END
  FROM (SELECT coalesce((SELECT "invoice_prefix" FROM "store_settings" LIMIT 1), 'MIL') AS "invoice_prefix") s
  WHERE o."invoiced_at" IS NOT NULL;--> statement-breakpoint
-- A document number is the prefix, the financial year and a serial within 16 characters: the prefix is 2 to 4.
UPDATE "store_settings" SET "invoice_prefix" = left("invoice_prefix", 4) WHERE char_length("invoice_prefix") > 4;--> statement-breakpoint
-- Every HUID recorded so far names the article it was first recorded on.
INSERT INTO "huid_articles" ("huid", "article", "article_name", "first_recorded_at")
SELECT DISTINCT ON ("huid") "huid", "article", "article_name", "at" FROM (
  SELECT p."huid",
    CASE WHEN o."custom_design_request_id" IS NOT NULL THEN 'design:' || o."custom_design_request_id" ELSE 'sku:' || l."sku" END AS "article",
    l."product_name" AS "article_name", p."recorded_at" AS "at"
  FROM "order_pieces" p JOIN "order_lines" l ON l."id" = p."line_id" JOIN "orders" o ON o."id" = p."order_id"
  WHERE p."huid" IS NOT NULL
  UNION ALL
  SELECT r."huid", 'design:' || r."id", 'Custom design CUS-' || lpad(r."id"::text, 6, '0'), r."updated_at"
  FROM "custom_design_requests" r WHERE r."huid" IS NOT NULL
) h ORDER BY "huid", "at";
