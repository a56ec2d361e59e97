CREATE TABLE "login_throttles" (
	"pec" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "login_throttles_last_failure_idx" ON "login_throttles" USING btree ("last_failure_at");--> statement-breakpoint
-- Access tokens name their session (the refresh-token family) and instances cache whether it is
-- still open: a logout or a reuse detection, on any instance, must reach every listener when it
-- commits. Identical payloads of one transaction arrive once, so revoking a family of many
-- rotated tokens notifies once. Rotation (used_at) changes nothing an access token depends on.
CREATE FUNCTION "notify_session_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lexpath_changes', 'session:' || OLD.family_id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "refresh_tokens_notify_revoked"
  AFTER UPDATE OF "revoked_at" ON "refresh_tokens"
  FOR EACH ROW WHEN (OLD."revoked_at" IS DISTINCT FROM NEW."revoked_at")
  EXECUTE FUNCTION "notify_session_changed"();
--> statement-breakpoint
CREATE TRIGGER "refresh_tokens_notify_deleted"
  AFTER DELETE ON "refresh_tokens"
  FOR EACH ROW EXECUTE FUNCTION "notify_session_changed"();
