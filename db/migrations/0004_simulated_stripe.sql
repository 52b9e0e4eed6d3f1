CREATE TABLE "sim_stripe_objects" (
	"id" text PRIMARY KEY NOT NULL,
	"object" text NOT NULL,
	"data" jsonb NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sim_stripe_objects_idempotency_key_unique" UNIQUE("idempotency_key")
);
