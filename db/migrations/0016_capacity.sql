DROP INDEX "title_tests_one_running_per_video";--> statement-breakpoint
ALTER TABLE "title_tests" ADD COLUMN "expected_start_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quota_ledger" ADD COLUMN "purpose" text DEFAULT 'engine' NOT NULL;--> statement-breakpoint
ALTER TABLE "quota_ledger" ADD COLUMN "sandbox" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "title_tests_status_created_idx" ON "title_tests" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "title_tests_one_running_per_video" ON "title_tests" USING btree ("video_id") WHERE "title_tests"."status" in ('queued', 'scheduled', 'active', 'paused');