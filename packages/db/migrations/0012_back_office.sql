CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"staff_id" integer,
	"staff_email" text NOT NULL,
	"action" text NOT NULL,
	"entity" text NOT NULL,
	"entity_id" text,
	"before" jsonb,
	"after" jsonb,
	"via" text DEFAULT 'session' NOT NULL,
	"request_id" text
);
--> statement-breakpoint
CREATE TABLE "staff" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"password_hash" text NOT NULL,
	"totp_secret" text,
	"totp_enabled_at" timestamp with time zone,
	"totp_last_step" bigint,
	"removed_at" timestamp with time zone,
	"last_sign_in_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "staff_role_check" CHECK ("role" IN ('owner', 'catalogue', 'orders', 'design', 'partners', 'accounts')),
	CONSTRAINT "staff_email_lower_check" CHECK ("email" = lower("email"))
);
--> statement-breakpoint
CREATE TABLE "staff_api_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"name" text NOT NULL,
	"token_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"expires_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_recovery_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"idle_expires_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip" text,
	"user_agent" text
);
--> statement-breakpoint
ALTER TABLE "order_status_history" DROP CONSTRAINT "order_status_history_changed_by_customers_id_fk";
--> statement-breakpoint
-- Status changes were made by customers of the old role 'staff'; the back office's staff are a table of their own.
UPDATE "order_status_history" SET "changed_by" = NULL;
--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "variants" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "making_charge_kind" text DEFAULT 'fixed' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "making_charge_rate" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "hallmarked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "cod_limit_paise" bigint DEFAULT 5000000 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "low_stock_threshold" integer DEFAULT 2 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "staff_two_factor_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_api_tokens" ADD CONSTRAINT "staff_api_tokens_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_recovery_codes" ADD CONSTRAINT "staff_recovery_codes_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_entity_idx" ON "audit_log" USING btree ("entity","at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_log_staff_idx" ON "audit_log" USING btree ("staff_email","at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "staff_email_key" ON "staff" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_api_tokens_hash_key" ON "staff_api_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "staff_api_tokens_staff_idx" ON "staff_api_tokens" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "staff_recovery_codes_staff_idx" ON "staff_recovery_codes" USING btree ("staff_id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_recovery_codes_hash_key" ON "staff_recovery_codes" USING btree ("staff_id","code_hash");--> statement-breakpoint
CREATE INDEX "staff_sessions_staff_idx" ON "staff_sessions" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "staff_sessions_expires_idx" ON "staff_sessions" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "order_status_history" ADD CONSTRAINT "order_status_history_changed_by_staff_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_making_charge_kind_check" CHECK ("making_charge_kind" IN ('fixed', 'percent', 'per_gram'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_making_charge_rate_check" CHECK (("making_charge_kind" = 'fixed') = ("making_charge_rate" IS NULL) AND ("making_charge_rate" IS NULL OR "making_charge_rate" > 0));--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_cod_limit_check" CHECK ("cod_limit_paise" >= 0 AND "cod_limit_paise" < 20000000);--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_low_stock_check" CHECK ("low_stock_threshold" >= 0);--> statement-breakpoint
-- hand-written below
-- Gold pieces carry a BIS hallmark (DECISIONS §8): the catalogue's existing gold pieces are hallmarked.
UPDATE "products" SET "hallmarked" = true WHERE "metal" = 'gold';
--> statement-breakpoint
-- The audit log is written once and never changed (issue 17): whatever connects, an UPDATE, DELETE or TRUNCATE
-- of it fails, so no bug, tool or member of staff can rewrite who did what.
CREATE OR REPLACE FUNCTION milli_audit_log_unchangeable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log entries are never changed or deleted' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER milli_audit_log_unchangeable BEFORE UPDATE OR DELETE ON audit_log
  FOR EACH ROW EXECUTE FUNCTION milli_audit_log_unchangeable();
--> statement-breakpoint
CREATE TRIGGER milli_audit_log_untruncatable BEFORE TRUNCATE ON audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION milli_audit_log_unchangeable();
