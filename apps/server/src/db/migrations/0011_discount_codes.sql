CREATE TABLE "discount_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"site_id" integer NOT NULL,
	"code" text NOT NULL,
	"user_id" integer,
	"country" text,
	"value_percentage" integer NOT NULL,
	"currency" text,
	"minimum_order_value" integer,
	"status" text DEFAULT 'active' NOT NULL,
	"validity" text DEFAULT 'once' NOT NULL,
	"payment_methods" text[],
	"purpose" text NOT NULL,
	"expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_codes_percentage" CHECK ("discount_codes"."value_percentage" between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_site_code_idx" ON "discount_codes" USING btree ("site_id","code");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_codes_user_purpose_idx" ON "discount_codes" USING btree ("user_id","purpose") WHERE "discount_codes"."purpose" = 'delete_discount';--> statement-breakpoint
CREATE INDEX "discount_codes_user_idx" ON "discount_codes" USING btree ("user_id");