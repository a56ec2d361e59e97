-- Instances cache what every request reads (an account's status, a template's current version)
-- and drop an entry when PostgreSQL says it changed: whatever wrote it (another instance, a
-- console session), the change reaches every listener when it commits.
CREATE FUNCTION "notify_user_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lexpath_changes', 'user:' || OLD.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "users_notify_change"
  AFTER UPDATE OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "notify_user_changed"();
--> statement-breakpoint
CREATE FUNCTION "notify_template_changed"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lexpath_changes', 'template:' || OLD.id);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "templates_notify_change"
  AFTER UPDATE OR DELETE ON "templates"
  FOR EACH ROW EXECUTE FUNCTION "notify_template_changed"();
