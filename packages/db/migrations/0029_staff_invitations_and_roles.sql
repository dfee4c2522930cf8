CREATE TABLE "staff_invitations" (
	"id" serial PRIMARY KEY NOT NULL,
	"staff_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "staff" DROP CONSTRAINT "staff_role_check";--> statement-breakpoint
ALTER TABLE "staff" ALTER COLUMN "password_hash" DROP NOT NULL;--> statement-breakpoint
-- Hand-written (issue 39): every member keeps the role they had, as their one role, before "role" goes.
ALTER TABLE "staff" ADD COLUMN "roles" text[];--> statement-breakpoint
UPDATE "staff" SET "roles" = ARRAY["role"]::text[];--> statement-breakpoint
ALTER TABLE "staff" ALTER COLUMN "roles" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "desk_mail" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_invitations" ADD CONSTRAINT "staff_invitations_invited_by_staff_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "staff_invitations_hash_key" ON "staff_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "staff_invitations_staff_idx" ON "staff_invitations" USING btree ("staff_id");--> statement-breakpoint
ALTER TABLE "staff" DROP COLUMN "role";--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_roles_check" CHECK (cardinality("roles") >= 1 AND "roles" <@ ARRAY['owner', 'catalogue', 'orders', 'design', 'partners', 'accounts']::text[]);