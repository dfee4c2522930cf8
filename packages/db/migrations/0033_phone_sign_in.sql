CREATE TABLE "phone_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"purpose" text NOT NULL,
	"customer_id" integer,
	"channel" text NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"tries_left" integer NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "phone_codes_tries_check" CHECK ("tries_left" >= 0),
	CONSTRAINT "phone_codes_purpose_check" CHECK ("purpose" IN ('sign_in', 'add_phone')),
	CONSTRAINT "phone_codes_channel_check" CHECK ("channel" IN ('sms', 'whatsapp'))
);
--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "customers" ADD COLUMN "phone_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "phone_codes" ADD CONSTRAINT "phone_codes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_codes_phone_idx" ON "phone_codes" USING btree ("phone","purpose","created_at");--> statement-breakpoint
CREATE INDEX "phone_codes_customer_idx" ON "phone_codes" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_phone_key" ON "customers" USING btree ("phone");--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_phone_e164_check" CHECK ("phone" ~ '^\+[1-9][0-9]{6,14}$');