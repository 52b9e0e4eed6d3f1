CREATE TABLE "sim_thumbnail_truths" (
	"video_id" text NOT NULL,
	"sha256" text NOT NULL,
	"ctr_multiplier" double precision NOT NULL,
	CONSTRAINT "sim_thumbnail_truths_video_id_sha256_pk" PRIMARY KEY("video_id","sha256")
);
--> statement-breakpoint
CREATE TABLE "sim_thumbnails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"video_id" text NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"mime_type" text NOT NULL,
	"sha256" text NOT NULL,
	"bytes" "bytea" NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sim_thumbnail_truths" ADD CONSTRAINT "sim_thumbnail_truths_video_id_sim_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."sim_videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_thumbnails" ADD CONSTRAINT "sim_thumbnails_video_id_sim_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."sim_videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sim_thumbnails_video_idx" ON "sim_thumbnails" USING btree ("video_id","since");