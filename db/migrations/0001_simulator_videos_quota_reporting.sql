CREATE TABLE "sim_quota_usage" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"day" text NOT NULL,
	"method" text NOT NULL,
	"units" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_reporting_jobs" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"report_type_id" text NOT NULL,
	"name" text NOT NULL,
	"create_time" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_title_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"video_id" text NOT NULL,
	"title" text NOT NULL,
	"since" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_videos" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"tags" text[],
	"category_id" text NOT NULL,
	"default_language" text,
	"default_audio_language" text,
	"duration_sec" integer NOT NULL,
	"thumbnail_label" text NOT NULL,
	"thumbnail_hue" integer NOT NULL,
	"base_impressions_per_hour" double precision NOT NULL,
	"decay_half_life_days" double precision NOT NULL,
	"daily_amplitude" double precision NOT NULL,
	"noise" double precision NOT NULL,
	"external_views_per_hour" double precision NOT NULL,
	"like_rate" double precision NOT NULL,
	"comment_rate" double precision NOT NULL,
	"seed" text NOT NULL,
	"snippet_updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sim_reporting_jobs" ADD CONSTRAINT "sim_reporting_jobs_account_id_sim_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."sim_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_title_history" ADD CONSTRAINT "sim_title_history_video_id_sim_videos_id_fk" FOREIGN KEY ("video_id") REFERENCES "public"."sim_videos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sim_videos" ADD CONSTRAINT "sim_videos_account_id_sim_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."sim_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sim_quota_usage_day_idx" ON "sim_quota_usage" USING btree ("day");--> statement-breakpoint
CREATE INDEX "sim_title_history_video_idx" ON "sim_title_history" USING btree ("video_id","since");--> statement-breakpoint
CREATE INDEX "sim_videos_account_idx" ON "sim_videos" USING btree ("account_id","published_at");