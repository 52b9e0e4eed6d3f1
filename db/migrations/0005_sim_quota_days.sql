CREATE TABLE "sim_quota_days" (
	"day" text PRIMARY KEY NOT NULL,
	"units" integer NOT NULL
);
