CREATE TABLE "rate_alerts" (
	"id" serial PRIMARY KEY NOT NULL,
	"metal" text NOT NULL,
	"purity" integer NOT NULL,
	"direction" text NOT NULL,
	"level_paise_per_gram" bigint NOT NULL,
	"email" text NOT NULL,
	"customer_id" integer,
	"person_key" text NOT NULL,
	"token_hash" text NOT NULL,
	"status" text NOT NULL,
	"rate_at_request_paise" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	"fired_at" timestamp with time zone,
	"fired_rate_paise" bigint,
	"stopped_at" timestamp with time zone,
	CONSTRAINT "rate_alerts_metal_check" CHECK ("metal" IN ('gold', 'platinum', 'silver')),
	CONSTRAINT "rate_alerts_direction_check" CHECK ("direction" IN ('below', 'above')),
	CONSTRAINT "rate_alerts_status_check" CHECK ("status" IN ('pending', 'live', 'sent', 'stopped')),
	CONSTRAINT "rate_alerts_purity_check" CHECK (("metal" = 'gold' AND "purity" IN (14, 18, 22, 24)) OR ("metal" = 'platinum' AND "purity" = 950) OR ("metal" = 'silver' AND "purity" = 925)),
	CONSTRAINT "rate_alerts_level_check" CHECK ("level_paise_per_gram" > 0)
);
--> statement-breakpoint
ALTER TABLE "rate_alerts" ADD CONSTRAINT "rate_alerts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "rate_alerts_token_hash_key" ON "rate_alerts" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "rate_alerts_watch_idx" ON "rate_alerts" USING btree ("metal","purity","status");--> statement-breakpoint
CREATE INDEX "rate_alerts_person_idx" ON "rate_alerts" USING btree ("person_key","status");--> statement-breakpoint
CREATE INDEX "rate_alerts_customer_idx" ON "rate_alerts" USING btree ("customer_id");