-- Issue 37: how many days the nightly backups in the S3 bucket are kept (1-365, 14 by default).
ALTER TABLE "store_settings" ADD COLUMN "backup_retention_days" integer DEFAULT 14 NOT NULL;--> statement-breakpoint
ALTER TABLE "store_settings" ADD CONSTRAINT "store_settings_backup_retention_check" CHECK ("backup_retention_days" BETWEEN 1 AND 365);