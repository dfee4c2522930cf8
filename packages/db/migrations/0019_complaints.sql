-- Issue 38: complaints with ticket numbers (E-Commerce Rules 2020, rule 4(5)): the complaints, their threads, and the
-- last ticket number of each year.
CREATE TABLE "complaint_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"complaint_id" integer NOT NULL,
	"kind" text NOT NULL,
	"body" text,
	"event" text,
	"staff_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaint_messages_kind_check" CHECK ("kind" IN ('customer', 'reply', 'note', 'event')),
	CONSTRAINT "complaint_messages_event_check" CHECK ("event" IS NULL OR "event" IN ('acknowledged', 'waiting', 'resolved', 'reopened')),
	CONSTRAINT "complaint_messages_shape_check" CHECK (("kind" = 'event') = ("event" IS NOT NULL) AND ("kind" = 'event' OR "body" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "complaint_ticket_years" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "complaint_ticket_years_number_check" CHECK ("last_number" > 0)
);
--> statement-breakpoint
CREATE TABLE "complaints" (
	"id" serial PRIMARY KEY NOT NULL,
	"ticket_number" text NOT NULL,
	"customer_id" integer,
	"order_id" integer,
	"category" text NOT NULL,
	"subject" text NOT NULL,
	"description" text NOT NULL,
	"name" text,
	"email" text,
	"phone" text,
	"view_token_hash" text,
	"status" text DEFAULT 'open' NOT NULL,
	"acknowledge_by" timestamp with time zone NOT NULL,
	"resolve_by" timestamp with time zone NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	"reopened_at" timestamp with time zone,
	"resolution" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "complaints_category_check" CHECK ("category" IN ('order', 'piece', 'payment', 'delivery', 'harvest', 'other')),
	CONSTRAINT "complaints_status_check" CHECK ("status" IN ('open', 'waiting', 'resolved')),
	CONSTRAINT "complaints_resolved_check" CHECK (("status" = 'resolved') = ("resolved_at" IS NOT NULL AND "resolution" IS NOT NULL)),
	CONSTRAINT "complaints_contact_check" CHECK ("customer_id" IS NOT NULL OR "email" IS NOT NULL OR "phone" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "complaint_messages" ADD CONSTRAINT "complaint_messages_complaint_id_complaints_id_fk" FOREIGN KEY ("complaint_id") REFERENCES "public"."complaints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaint_messages" ADD CONSTRAINT "complaint_messages_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "complaints" ADD CONSTRAINT "complaints_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "complaint_messages_complaint_idx" ON "complaint_messages" USING btree ("complaint_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "complaints_ticket_number_key" ON "complaints" USING btree ("ticket_number");--> statement-breakpoint
CREATE UNIQUE INDEX "complaints_view_token_key" ON "complaints" USING btree ("view_token_hash");--> statement-breakpoint
CREATE INDEX "complaints_customer_idx" ON "complaints" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "complaints_status_idx" ON "complaints" USING btree ("status","resolve_by");