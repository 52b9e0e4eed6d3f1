CREATE TABLE "demo_copies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sim_account_id" text NOT NULL,
	"user_id" uuid,
	"status" text NOT NULL,
	"progress" real DEFAULT 0 NOT NULL,
	"error" text,
	"rehearsed_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	CONSTRAINT "demo_copies_sim_account_id_unique" UNIQUE("sim_account_id")
);
--> statement-breakpoint
ALTER TABLE "title_tests" ADD COLUMN "held_by" text;--> statement-breakpoint
ALTER TABLE "sim_accounts" ADD COLUMN "clock_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "sim_accounts" ADD COLUMN "demo_copy" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "demo_copies" ADD CONSTRAINT "demo_copies_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "demo_copies_status_idx" ON "demo_copies" USING btree ("status","created_at");