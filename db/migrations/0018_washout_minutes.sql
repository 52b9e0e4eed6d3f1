ALTER TABLE "title_tests" ADD COLUMN "washout_minutes" integer;--> statement-breakpoint
-- Tests created before the washout was chosen per channel keep the rule they were measured by:
-- max(15 minutes, a tenth of the window) (src/statistics/verdict.ts, washoutMinutes).
UPDATE "title_tests" SET "washout_minutes" = GREATEST(15, "rotation_interval_minutes" / 10);
