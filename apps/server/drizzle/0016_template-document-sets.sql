CREATE TABLE "template_documents" (
	"version_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"master_sha256" text NOT NULL,
	"master_name" text NOT NULL,
	CONSTRAINT "template_documents_version_id_position_pk" PRIMARY KEY("version_id","position"),
	CONSTRAINT "template_documents_position_after_main" CHECK ("template_documents"."position" >= 2)
);
--> statement-breakpoint
ALTER TABLE "template_versions" ADD COLUMN "document_name" text;--> statement-breakpoint
ALTER TABLE "template_documents" ADD CONSTRAINT "template_documents_version_id_template_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."template_versions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_documents" ADD CONSTRAINT "template_documents_master_sha256_files_sha256_fk" FOREIGN KEY ("master_sha256") REFERENCES "public"."files"("sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "template_documents_master_idx" ON "template_documents" USING btree ("master_sha256");--> statement-breakpoint
-- Hand-written (keep at the end when the migrations are renumbered): a set's companion documents
-- are what a paid contract downloads forever, as its version is (0001): refuse any change.
-- Existing versions get no rows and a null document_name: each stays a set of one, its master
-- the only document, named after the template as before.
CREATE FUNCTION "template_documents_refuse_update"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'template_documents rows are immutable (version %, position %)',
    OLD.version_id, OLD.position
    USING ERRCODE = 'restrict_violation';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "template_documents_immutable"
  BEFORE UPDATE ON "template_documents"
  FOR EACH ROW EXECUTE FUNCTION "template_documents_refuse_update"();
