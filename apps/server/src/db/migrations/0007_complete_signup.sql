ALTER TABLE "users" ADD COLUMN "signup_step" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "push_choice" text;