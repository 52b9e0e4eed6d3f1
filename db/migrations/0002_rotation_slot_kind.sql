ALTER TABLE "rotations" ADD COLUMN "kind" text DEFAULT 'window' NOT NULL;--> statement-breakpoint
ALTER TABLE "rotations" ADD COLUMN "block" integer;