CREATE TABLE "sim_clock" (
	"id" integer PRIMARY KEY NOT NULL,
	"offset_ms" bigint DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
INSERT INTO "sim_clock" ("id", "offset_ms") VALUES (1, 0);
--> statement-breakpoint
-- Every process follows the deployment's simulated clock: a move is announced with its offset.
CREATE FUNCTION notify_sim_clock() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('titlewise_sim_clock', NEW.offset_ms::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sim_clock_notify AFTER UPDATE ON sim_clock
  FOR EACH ROW EXECUTE FUNCTION notify_sim_clock();
