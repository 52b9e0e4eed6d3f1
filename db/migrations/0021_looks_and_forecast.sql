-- Tests that exist already keep the schedule design they were drawn with (1) and run to their end
-- as they were promised; new tests get design 2 and stop at the first look that names a winner.
ALTER TABLE "title_tests" ADD COLUMN "schedule_design" smallint DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "title_tests" ALTER COLUMN "schedule_design" SET DEFAULT 2;--> statement-breakpoint
ALTER TABLE "title_tests" ADD COLUMN "stop_at_verdict" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "title_tests" ALTER COLUMN "stop_at_verdict" SET DEFAULT true;--> statement-breakpoint
ALTER TABLE "title_tests" ADD COLUMN "next_look_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "title_tests" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "title_tests" ADD COLUMN "forecast" jsonb;
