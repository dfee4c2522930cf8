CREATE TABLE "courier_bookings" (
	"id" serial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"order_id" integer NOT NULL,
	"return_id" integer,
	"provider" text NOT NULL,
	"state" text DEFAULT 'booking' NOT NULL,
	"claimed_until" timestamp with time zone,
	"provider_order_id" text,
	"shipment_id" text,
	"awb" text,
	"courier_name" text,
	"pickup_date" date,
	"pickup_requested_at" timestamp with time zone,
	"label_url" text,
	"rto_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"booked_at" timestamp with time zone,
	CONSTRAINT "courier_bookings_kind_check" CHECK ("kind" IN ('shipment', 'reverse_pickup')),
	CONSTRAINT "courier_bookings_state_check" CHECK ("state" IN ('booking', 'booked')),
	CONSTRAINT "courier_bookings_return_check" CHECK (("kind" = 'reverse_pickup') = ("return_id" IS NOT NULL)),
	CONSTRAINT "courier_bookings_booked_check" CHECK ("state" <> 'booked' OR ("awb" IS NOT NULL AND "courier_name" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "courier_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"booking_id" integer NOT NULL,
	"kind" text NOT NULL,
	"provider_status" text NOT NULL,
	"provider_status_id" integer,
	"location" text,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courier_events_kind_check" CHECK ("kind" IN ('in_transit', 'out_for_delivery', 'delivered', 'rto'))
);
--> statement-breakpoint
ALTER TABLE "order_returns" ADD COLUMN "pickup_courier_name" text;--> statement-breakpoint
ALTER TABLE "order_returns" ADD COLUMN "pickup_awb" text;--> statement-breakpoint
ALTER TABLE "courier_bookings" ADD CONSTRAINT "courier_bookings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_bookings" ADD CONSTRAINT "courier_bookings_return_id_order_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."order_returns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_bookings" ADD CONSTRAINT "courier_bookings_created_by_staff_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_events" ADD CONSTRAINT "courier_events_booking_id_courier_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."courier_bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "courier_bookings_shipment_key" ON "courier_bookings" USING btree ("order_id") WHERE "courier_bookings"."kind" = 'shipment';--> statement-breakpoint
CREATE UNIQUE INDEX "courier_bookings_reverse_pickup_key" ON "courier_bookings" USING btree ("return_id") WHERE "courier_bookings"."kind" = 'reverse_pickup';--> statement-breakpoint
CREATE UNIQUE INDEX "courier_bookings_awb_key" ON "courier_bookings" USING btree ("awb");--> statement-breakpoint
CREATE UNIQUE INDEX "courier_events_once_key" ON "courier_events" USING btree ("booking_id","kind","occurred_at");