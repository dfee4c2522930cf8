CREATE TABLE "product_videos" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"path" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"poster_path" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_videos_content_type_check" CHECK ("content_type" IN ('video/mp4', 'video/webm')),
	CONSTRAINT "product_videos_bytes_check" CHECK ("bytes" > 0)
);
--> statement-breakpoint
ALTER TABLE "product_images" ADD COLUMN "view" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "spin_frames" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_videos" ADD CONSTRAINT "product_videos_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_view_check" CHECK ("view" IS NULL OR "view" IN ('front', 'side', 'worn', 'closeup'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_spin_frames_check" CHECK ("spin_frames" BETWEEN 0 AND 72);