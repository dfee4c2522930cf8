CREATE TABLE "consent_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consent_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"customer_id" integer NOT NULL,
	"channel" text NOT NULL,
	"granted" boolean NOT NULL,
	"source" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_events_channel_check" CHECK ("channel" IN ('email', 'sms', 'whatsapp')),
	CONSTRAINT "consent_events_source_check" CHECK ("source" IN ('customer', 'erasure'))
);
--> statement-breakpoint
CREATE TABLE "customer_nominees" (
	"customer_id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"relationship" text NOT NULL,
	"email" text,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_nominees_relationship_check" CHECK ("relationship" IN ('Spouse', 'Child', 'Parent', 'Sibling', 'Other relative', 'Friend', 'Other')),
	CONSTRAINT "customer_nominees_contact_check" CHECK ("email" IS NOT NULL OR "phone" IS NOT NULL)
);
--> statement-breakpoint
CREATE TABLE "customer_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"staff_id" integer,
	"staff_email" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_notes_text_check" CHECK (char_length("text") BETWEEN 1 AND 2000)
);
--> statement-breakpoint
CREATE TABLE "erasure_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"tries_left" integer NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "erasure_codes_tries_check" CHECK ("tries_left" >= 0)
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_nominees" ADD CONSTRAINT "customer_nominees_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_notes" ADD CONSTRAINT "customer_notes_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "erasure_codes" ADD CONSTRAINT "erasure_codes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_events_customer_channel_idx" ON "consent_events" USING btree ("customer_id","channel","at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "customer_notes_customer_idx" ON "customer_notes" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "erasure_codes_customer_idx" ON "erasure_codes" USING btree ("customer_id","created_at");--> statement-breakpoint
-- hand-written below
-- Consent is proven by its history (DPDP Act s.6(10), decision 044): every change is a new row, and whatever connects,
-- an UPDATE, DELETE or TRUNCATE of the history fails, as the audit log's does (migration 0012).
CREATE OR REPLACE FUNCTION milli_consent_events_unchangeable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'consent_events rows are never changed or deleted: record a new consent or withdrawal instead' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER milli_consent_events_unchangeable BEFORE UPDATE OR DELETE ON consent_events
  FOR EACH ROW EXECUTE FUNCTION milli_consent_events_unchangeable();
--> statement-breakpoint
CREATE TRIGGER milli_consent_events_untruncatable BEFORE TRUNCATE ON consent_events
  FOR EACH STATEMENT EXECUTE FUNCTION milli_consent_events_unchangeable();
