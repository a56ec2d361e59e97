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
