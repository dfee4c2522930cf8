ALTER TABLE "rate_alerts" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "rate_alerts" ADD COLUMN "channel" text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE "rate_alerts" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "rate_alerts" ADD CONSTRAINT "rate_alerts_channel_check" CHECK ("channel" IN ('email', 'sms', 'whatsapp'));--> statement-breakpoint
ALTER TABLE "rate_alerts" ADD CONSTRAINT "rate_alerts_address_check" CHECK (("channel" = 'email' AND "email" IS NOT NULL) OR ("channel" <> 'email' AND "phone" IS NOT NULL AND "customer_id" IS NOT NULL));