CREATE TABLE "test_figures" (
	"test_id" uuid PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	"computed_version" bigint,
	"card" text,
	"analytics" text,
	"total_views" bigint,
	"average_ctr_percent" double precision,
	"computed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "test_figures" ADD CONSTRAINT "test_figures_test_id_title_tests_id_fk" FOREIGN KEY ("test_id") REFERENCES "public"."title_tests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "title_tests_video_idx" ON "title_tests" USING btree ("video_id");--> statement-breakpoint
-- Outdates the stored figures of these tests (docs/figures.md): in the same transaction as the
-- change, so a reader never takes figures for current when their data has moved on.
CREATE FUNCTION test_figures_outdate(test_ids uuid[]) RETURNS void LANGUAGE sql AS $$
  INSERT INTO test_figures (test_id, version)
  SELECT id, 1 FROM title_tests WHERE id = ANY(test_ids) ORDER BY id
  ON CONFLICT (test_id) DO UPDATE SET version = test_figures.version + 1
$$;
--> statement-breakpoint
CREATE FUNCTION test_figures_outdate_by_test() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM test_figures_outdate(ARRAY(SELECT DISTINCT test_id FROM changed_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION test_figures_outdate_by_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM test_figures_outdate(ARRAY(SELECT id FROM changed_rows));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION test_figures_outdate_by_video() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM test_figures_outdate(ARRAY(
    SELECT id FROM title_tests WHERE video_id IN (SELECT DISTINCT video_id FROM changed_rows)
  ));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER title_tests_outdate_figures AFTER UPDATE ON title_tests
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION test_figures_outdate_by_id();
--> statement-breakpoint
CREATE TRIGGER title_variants_insert_outdates_figures AFTER INSERT ON title_variants
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION test_figures_outdate_by_test();
--> statement-breakpoint
CREATE TRIGGER title_variants_update_outdates_figures AFTER UPDATE ON title_variants
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION test_figures_outdate_by_test();
--> statement-breakpoint
CREATE TRIGGER title_variants_delete_outdates_figures AFTER DELETE ON title_variants
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION test_figures_outdate_by_test();
--> statement-breakpoint
CREATE TRIGGER rotations_insert_outdates_figures AFTER INSERT ON rotations
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION test_figures_outdate_by_test();
--> statement-breakpoint
CREATE TRIGGER rotations_update_outdates_figures AFTER UPDATE ON rotations
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION test_figures_outdate_by_test();
--> statement-breakpoint
CREATE TRIGGER rotations_delete_outdates_figures AFTER DELETE ON rotations
  REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION test_figures_outdate_by_test();
--> statement-breakpoint
CREATE TRIGGER metric_samples_insert_outdates_figures AFTER INSERT ON metric_samples
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION test_figures_outdate_by_video();
--> statement-breakpoint
CREATE TRIGGER daily_metrics_insert_outdates_figures AFTER INSERT ON daily_metrics
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION test_figures_outdate_by_video();
--> statement-breakpoint
CREATE TRIGGER daily_metrics_update_outdates_figures AFTER UPDATE ON daily_metrics
  REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION test_figures_outdate_by_video();
