-- Issue 35: weight differences wait for the accounts desk (proposed / rejected, who decided, the packing tolerance),
-- guests' bookings hold a place until their e-mail is confirmed (and are counted per contact), and what each
-- customer's design pictures take.
ALTER TABLE "appointments" DROP CONSTRAINT "appointments_status_check";--> statement-breakpoint
ALTER TABLE "order_adjustments" DROP CONSTRAINT "order_adjustments_status_check";--> statement-breakpoint
ALTER TABLE "order_adjustments" ALTER COLUMN "status" SET DEFAULT 'proposed';--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "mailbox" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "mobile" text;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "hold_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "appointments" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "custom_design_images" ADD COLUMN "bytes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_adjustments" ADD COLUMN "beyond_tolerance" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_adjustments" ADD COLUMN "decided_by" integer;--> statement-breakpoint
ALTER TABLE "order_adjustments" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "order_adjustments" ADD COLUMN "decision_note" text;--> statement-breakpoint
ALTER TABLE "store_settings" ADD COLUMN "packing_tolerance_percent" numeric(4, 2) DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_adjustments" ADD CONSTRAINT "order_adjustments_decided_by_staff_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "appointments_mailbox_idx" ON "appointments" USING btree ("mailbox","day");--> statement-breakpoint
CREATE INDEX "appointments_mobile_idx" ON "appointments" USING btree ("mobile","day");--> statement-breakpoint
ALTER TABLE "appointments" ADD CONSTRAINT "appointments_status_check" CHECK ("status" IN ('Unconfirmed', 'Booked', 'Cancelled', 'Attended', 'Missed'));--> statement-breakpoint
ALTER TABLE "order_adjustments" ADD CONSTRAINT "order_adjustments_status_check" CHECK ("status" IN ('proposed', 'open', 'settled', 'waived', 'rejected'));--> statement-breakpoint
-- Bookings made before this count too: their mobile as ten digits, their mailbox as the lower-case address.
UPDATE "appointments" SET "mobile" = right(regexp_replace("phone", '\D', '', 'g'), 10), "mailbox" = lower("email");
