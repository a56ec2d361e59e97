-- A template version is what a paid contract downloads forever (DESIGN §4): refuse any change,
-- whatever code path or console session tries it. New content is a new version row.
CREATE FUNCTION "template_versions_refuse_update"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'template_versions rows are immutable (id %)', OLD.id
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "template_versions_immutable"
  BEFORE UPDATE ON "template_versions"
  FOR EACH ROW EXECUTE FUNCTION "template_versions_refuse_update"();
