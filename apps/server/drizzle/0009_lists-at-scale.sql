-- Lists at a million contracts (issue 13). `pg_trgm` serves `ILIKE '%…%'` name searches from
-- GIN indexes; it ships with PostgreSQL (Debian's postgresql-contrib, pulled in by the
-- `postgresql` package; embedded-postgres) and is a trusted extension: a database owner may
-- create it without being a superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
DROP INDEX "contracts_created_at_idx";--> statement-breakpoint
DROP INDEX "templates_list_idx";--> statement-breakpoint
DROP INDEX "users_list_idx";--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "owner_name_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "owner_surname_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "template_name_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "payment_updated_at" timestamp with time zone;--> statement-breakpoint
-- The sort keys of the contracts already there, before their indexes are built (one pass).
UPDATE "contracts" c
   SET "owner_name_key" = lower(u."name"),
       "owner_surname_key" = lower(u."surname"),
       "template_name_key" = lower(t."name"),
       "payment_updated_at" = (SELECT p."updated_at" FROM "payments" p WHERE p."contract_id" = c."id")
  FROM "users" u, "templates" t
 WHERE u."id" = c."user_id" AND t."id" = c."template_id";--> statement-breakpoint
CREATE INDEX "contracts_created_idx" ON "contracts" USING btree ("created_at","id","status");--> statement-breakpoint
CREATE INDEX "contracts_owner_name_idx" ON "contracts" USING btree ("owner_name_key","id","status");--> statement-breakpoint
CREATE INDEX "contracts_owner_surname_idx" ON "contracts" USING btree ("owner_surname_key","id","status");--> statement-breakpoint
CREATE INDEX "contracts_template_name_idx" ON "contracts" USING btree ("template_name_key","id","status");--> statement-breakpoint
CREATE INDEX "contracts_paid_asc_idx" ON "contracts" USING btree ("payment_updated_at","id","status");--> statement-breakpoint
CREATE INDEX "contracts_paid_desc_idx" ON "contracts" USING btree ("payment_updated_at" DESC NULLS LAST,"id" DESC NULLS FIRST,"status");--> statement-breakpoint
CREATE INDEX "templates_catalogue_idx" ON "templates" USING btree ("created_at","id") WHERE "templates"."deleted_at" is null and "templates"."current_version_id" is not null;--> statement-breakpoint
CREATE INDEX "templates_name_trgm_idx" ON "templates" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_list_idx" ON "users" USING btree ("email_verified","created_at","id");--> statement-breakpoint
CREATE INDEX "users_created_idx" ON "users" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "users_full_name_trgm_idx" ON "users" USING gin (("name" || ' ' || "surname") gin_trgm_ops);--> statement-breakpoint
-- The sort keys follow the rows they copy, in the transaction of the change, whatever code path
-- or console session makes it: a new contract takes its owner's and template's names...
CREATE FUNCTION "contracts_fill_sort_keys"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  SELECT lower(u."name"), lower(u."surname") INTO NEW."owner_name_key", NEW."owner_surname_key"
    FROM "users" u WHERE u."id" = NEW."user_id";
  SELECT lower(t."name") INTO NEW."template_name_key"
    FROM "templates" t WHERE t."id" = NEW."template_id";
  -- An unknown owner or template leaves the foreign keys to refuse the row, with their message.
  NEW."owner_name_key" := coalesce(NEW."owner_name_key", '');
  NEW."owner_surname_key" := coalesce(NEW."owner_surname_key", '');
  NEW."template_name_key" := coalesce(NEW."template_name_key", '');
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "contracts_sort_keys"
  BEFORE INSERT OR UPDATE OF "user_id", "template_id" ON "contracts"
  FOR EACH ROW EXECUTE FUNCTION "contracts_fill_sort_keys"();--> statement-breakpoint
-- ...a renamed lawyer renames their contracts' keys...
CREATE FUNCTION "users_sync_contract_keys"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "contracts"
     SET "owner_name_key" = lower(NEW."name"), "owner_surname_key" = lower(NEW."surname")
   WHERE "user_id" = NEW."id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_contract_keys"
  AFTER UPDATE OF "name", "surname" ON "users"
  FOR EACH ROW
  WHEN (OLD."name" IS DISTINCT FROM NEW."name" OR OLD."surname" IS DISTINCT FROM NEW."surname")
  EXECUTE FUNCTION "users_sync_contract_keys"();--> statement-breakpoint
-- ...a renamed template its contracts' titles...
CREATE FUNCTION "templates_sync_contract_keys"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "contracts" SET "template_name_key" = lower(NEW."name") WHERE "template_id" = NEW."id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "templates_contract_keys"
  AFTER UPDATE OF "name" ON "templates"
  FOR EACH ROW WHEN (OLD."name" IS DISTINCT FROM NEW."name")
  EXECUTE FUNCTION "templates_sync_contract_keys"();--> statement-breakpoint
-- ...and a payment (recorded, changed or removed) sets its contract's payment date.
CREATE FUNCTION "payments_sync_contract_date"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    UPDATE "contracts" SET "payment_updated_at" = NULL WHERE "id" = OLD."contract_id";
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD."contract_id" <> NEW."contract_id" THEN
    UPDATE "contracts" SET "payment_updated_at" = NULL WHERE "id" = OLD."contract_id";
  END IF;
  UPDATE "contracts" SET "payment_updated_at" = NEW."updated_at" WHERE "id" = NEW."contract_id";
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "payments_contract_date"
  AFTER INSERT OR DELETE OR UPDATE OF "contract_id", "updated_at" ON "payments"
  FOR EACH ROW EXECUTE FUNCTION "payments_sync_contract_date"();

--> statement-breakpoint
CREATE TABLE "contract_counts" (
	"template_id" uuid NOT NULL,
	"status" text NOT NULL,
	"paid" boolean NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "contract_counts_template_id_status_paid_pk" PRIMARY KEY("template_id","status","paid")
);
--> statement-breakpoint
ALTER TABLE "contract_counts" ADD CONSTRAINT "contract_counts_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- The counts of the contracts already there (0007 set their payment dates).
INSERT INTO "contract_counts" ("template_id", "status", "paid", "count")
SELECT "template_id", "status", "payment_updated_at" IS NOT NULL, count(*)
  FROM "contracts"
 GROUP BY 1, 2, 3;--> statement-breakpoint
-- Every insert, delete, and change of template, status or paid state moves one contract from
-- one count to another, in the transaction of the change.
CREATE FUNCTION "contracts_count_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "contract_counts" SET "count" = "count" - 1
     WHERE "template_id" = OLD."template_id" AND "status" = OLD."status"
       AND "paid" = (OLD."payment_updated_at" IS NOT NULL);
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "contract_counts" ("template_id", "status", "paid", "count")
    VALUES (NEW."template_id", NEW."status", NEW."payment_updated_at" IS NOT NULL, 1)
    ON CONFLICT ("template_id", "status", "paid")
    DO UPDATE SET "count" = "contract_counts"."count" + 1;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "contracts_count"
  AFTER INSERT OR DELETE ON "contracts"
  FOR EACH ROW EXECUTE FUNCTION "contracts_count_change"();--> statement-breakpoint
CREATE TRIGGER "contracts_count_update"
  AFTER UPDATE OF "template_id", "status", "payment_updated_at" ON "contracts"
  FOR EACH ROW
  WHEN (OLD."template_id" IS DISTINCT FROM NEW."template_id"
     OR OLD."status" IS DISTINCT FROM NEW."status"
     OR (OLD."payment_updated_at" IS NULL) <> (NEW."payment_updated_at" IS NULL))
  EXECUTE FUNCTION "contracts_count_change"();
