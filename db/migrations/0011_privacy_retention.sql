ALTER TABLE "channel_connections" ADD COLUMN "authorized_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "deletion_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "daily_metrics" ADD COLUMN "channel_id" text;--> statement-breakpoint
ALTER TABLE "metric_samples" ADD COLUMN "channel_id" text;--> statement-breakpoint
CREATE INDEX "daily_metrics_channel_idx" ON "daily_metrics" USING btree ("channel_id");--> statement-breakpoint
CREATE INDEX "metric_samples_channel_idx" ON "metric_samples" USING btree ("channel_id");