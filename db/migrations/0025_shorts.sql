ALTER TABLE "title_tests" ADD COLUMN "video_format" text DEFAULT 'video' NOT NULL;--> statement-breakpoint
ALTER TABLE "sim_videos" ADD COLUMN "frame_width" integer DEFAULT 1920 NOT NULL;--> statement-breakpoint
ALTER TABLE "sim_videos" ADD COLUMN "frame_height" integer DEFAULT 1080 NOT NULL;--> statement-breakpoint
ALTER TABLE "sim_videos" ADD COLUMN "processing_status" text DEFAULT 'succeeded' NOT NULL;