CREATE TABLE "report_links" (
	"id" uuid PRIMARY KEY NOT NULL,
	"test_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "report_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "report_links" ADD CONSTRAINT "report_links_test_id_title_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."title_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "report_links_test_idx" ON "report_links" USING btree ("test_id");--> statement-breakpoint
CREATE UNIQUE INDEX "report_links_one_live_per_test" ON "report_links" USING btree ("test_id") WHERE "report_links"."revoked_at" is null;