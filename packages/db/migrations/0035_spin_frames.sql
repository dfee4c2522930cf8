CREATE TABLE "product_spins" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"frames" jsonb NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_spins_frames_check" CHECK (jsonb_array_length("frames") BETWEEN 8 AND 72),
	CONSTRAINT "product_spins_size_check" CHECK ("width" > 0 AND "height" > 0 AND "bytes" > 0)
);
--> statement-breakpoint
ALTER TABLE "product_spins" ADD CONSTRAINT "product_spins_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- hand-written below
-- A piece's turn is what the product page shows every visitor: announce its changes like a catalogue change
-- (decision 017), so every instance drops the product answers it keeps.
CREATE TRIGGER milli_catalogue_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_spins
  FOR EACH STATEMENT EXECUTE FUNCTION milli_catalogue_changed();
