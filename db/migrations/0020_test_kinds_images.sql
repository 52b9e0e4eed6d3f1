CREATE TABLE "image_blobs" (
	"image_id" uuid PRIMARY KEY NOT NULL,
	"bytes" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_user_id" uuid NOT NULL,
	"source" text NOT NULL,
	"content_type" text NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"byte_size" integer NOT NULL,
	"sha256" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rotations" ADD COLUMN "thumbnail_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "title_tests" ADD COLUMN "kind" text DEFAULT 'titles' NOT NULL;--> statement-breakpoint
ALTER TABLE "title_tests" ADD COLUMN "original_thumbnail_image_id" uuid;--> statement-breakpoint
ALTER TABLE "title_tests" ADD COLUMN "live_thumbnail_sha256" text;--> statement-breakpoint
ALTER TABLE "title_tests" ADD COLUMN "applied_thumbnail_image_id" uuid;--> statement-breakpoint
ALTER TABLE "title_variants" ADD COLUMN "thumbnail_image_id" uuid;--> statement-breakpoint
ALTER TABLE "title_variants" ADD COLUMN "served_thumbnail_sha256" text;--> statement-breakpoint
ALTER TABLE "image_blobs" ADD CONSTRAINT "image_blobs_image_id_images_id_fk" FOREIGN KEY ("image_id") REFERENCES "public"."images"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "images" ADD CONSTRAINT "images_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "images_owner_idx" ON "images" USING btree ("owner_user_id","created_at");--> statement-breakpoint
ALTER TABLE "title_tests" ADD CONSTRAINT "title_tests_original_thumbnail_image_id_images_id_fk" FOREIGN KEY ("original_thumbnail_image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "title_tests" ADD CONSTRAINT "title_tests_applied_thumbnail_image_id_images_id_fk" FOREIGN KEY ("applied_thumbnail_image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "title_variants" ADD CONSTRAINT "title_variants_thumbnail_image_id_images_id_fk" FOREIGN KEY ("thumbnail_image_id") REFERENCES "public"."images"("id") ON DELETE no action ON UPDATE no action;