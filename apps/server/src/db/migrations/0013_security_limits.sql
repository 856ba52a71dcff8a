CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
-- Stored answers live a day and belong to the old key scheme: start the table afresh.
DELETE FROM "idempotency_keys";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "request_hash" text NOT NULL;--> statement-breakpoint
CREATE INDEX "rate_limits_window_idx" ON "rate_limits" USING btree ("window_started_at");--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP COLUMN "method";--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP COLUMN "path";--> statement-breakpoint
ALTER TABLE "idempotency_keys" DROP COLUMN "session_user_id";