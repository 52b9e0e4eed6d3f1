-- Announces changes to what the web processes cache (src/db/read-cache.ts): the stored test
-- figures, sessions and users. Each process listens on this channel and drops its cached reads;
-- PostgreSQL delivers the notice when the change commits, once per transaction.
CREATE FUNCTION notify_read_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('titlewise_read_change', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER test_figures_notify_read_change AFTER INSERT OR UPDATE OR DELETE ON test_figures
  FOR EACH STATEMENT EXECUTE FUNCTION notify_read_change();
--> statement-breakpoint
CREATE TRIGGER sessions_notify_read_change AFTER INSERT OR UPDATE OR DELETE ON sessions
  FOR EACH STATEMENT EXECUTE FUNCTION notify_read_change();
--> statement-breakpoint
CREATE TRIGGER users_notify_read_change AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_read_change();
