ALTER TABLE "order_lines" ADD COLUMN "metal_colour" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "diamond_quality" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "size_kind" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "size" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "purities" integer[] DEFAULT '{}'::integer[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "metal_colours" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "diamond_qualities" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "size_kind" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sizes" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_size_kind_check" CHECK ("size_kind" IS NULL OR "size_kind" IN ('ring', 'bangle', 'length'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sizes_check" CHECK (("size_kind" IS NULL) = (cardinality("sizes") = 0));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_offered_check" CHECK ("purities" <@ ARRAY[14, 18, 22, 24] AND "metal_colours" <@ ARRAY['Yellow Gold', 'Rose Gold', 'White Gold']::text[] AND "diamond_qualities" <@ ARRAY['SI-IJ', 'SI-GH', 'VVS-GH', 'VVS-EF']::text[]);--> statement-breakpoint
-- hand-written below
-- A size is now text ('12', '2.6', '18'): sizes kept as numbers in lines written before become text, so one
-- choice keeps one key.
UPDATE "cart_lines" SET "options" = jsonb_set("options", '{size}', to_jsonb("options"->>'size'))
  WHERE jsonb_typeof("options"->'size') = 'number';
--> statement-breakpoint
UPDATE "order_lines" SET "options" = jsonb_set("options", '{size}', to_jsonb("options"->>'size')), "size" = "options"->>'size'
  WHERE jsonb_typeof("options"->'size') = 'number';
--> statement-breakpoint
-- A store seeded before: its rings (the demo's ring drawings) come in sizes 1-30 and require one, as new seeds do.
UPDATE "products" SET "size_kind" = 'ring', "sizes" = ARRAY(SELECT generate_series(1, 30)::text)
  WHERE "size_kind" IS NULL AND "image" LIKE '/media/art/ring/%';
