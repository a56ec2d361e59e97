-- The per-template counts behind the admin's pager (migration 0009) change once per statement,
-- not once per row. Row by row, a statement that inserts or pays a million contracts (a data
-- load, a seed by SQL) updated the same 30,000 count rows a million times and left the table
-- 59 MB for 1 MB of live rows: every page of the users' contracts list read all of it to sum
-- the counts (70–90 ms at 1,000,000 contracts, vacuumed or not). Per statement, each count row
-- changes once whatever the number of rows: transition tables hold the statement's rows.
DROP TRIGGER "contracts_count" ON "contracts";--> statement-breakpoint
DROP TRIGGER "contracts_count_update" ON "contracts";--> statement-breakpoint
DROP FUNCTION "contracts_count_change"();--> statement-breakpoint
-- A trigger with transition tables serves one event: three triggers, one function. An update
-- moves only the rows whose template, status or paid state changed (an answer saved moves none).
CREATE FUNCTION "contracts_count_statement"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "contract_counts" ("template_id", "status", "paid", "count")
    SELECT "template_id", "status", "payment_updated_at" IS NOT NULL, count(*)
      FROM "added" GROUP BY 1, 2, 3
    ON CONFLICT ("template_id", "status", "paid")
    DO UPDATE SET "count" = "contract_counts"."count" + excluded."count";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "contract_counts" c SET "count" = c."count" - gone."n"
      FROM (SELECT "template_id", "status", "payment_updated_at" IS NOT NULL AS "paid", count(*) AS "n"
              FROM "removed" GROUP BY 1, 2, 3) gone
     WHERE c."template_id" = gone."template_id" AND c."status" = gone."status"
       AND c."paid" = gone."paid";
  ELSE
    INSERT INTO "contract_counts" ("template_id", "status", "paid", "count")
    SELECT "template_id", "status", "paid", sum("delta")
      FROM (SELECT o."template_id", o."status", o."payment_updated_at" IS NOT NULL AS "paid", -1 AS "delta",
                   n."template_id" AS "new_template_id", n."status" AS "new_status",
                   n."payment_updated_at" IS NOT NULL AS "new_paid"
              FROM "removed" o JOIN "added" n ON n."id" = o."id"
            UNION ALL
            SELECT n."template_id", n."status", n."payment_updated_at" IS NOT NULL, 1,
                   o."template_id", o."status", o."payment_updated_at" IS NOT NULL
              FROM "removed" o JOIN "added" n ON n."id" = o."id") moved
     WHERE ("template_id", "status", "paid")
           IS DISTINCT FROM ("new_template_id", "new_status", "new_paid")
     GROUP BY 1, 2, 3
    HAVING sum("delta") <> 0
    ON CONFLICT ("template_id", "status", "paid")
    DO UPDATE SET "count" = "contract_counts"."count" + excluded."count";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "contracts_count_insert"
  AFTER INSERT ON "contracts" REFERENCING NEW TABLE AS "added"
  FOR EACH STATEMENT EXECUTE FUNCTION "contracts_count_statement"();--> statement-breakpoint
CREATE TRIGGER "contracts_count_update"
  AFTER UPDATE ON "contracts" REFERENCING OLD TABLE AS "removed" NEW TABLE AS "added"
  FOR EACH STATEMENT EXECUTE FUNCTION "contracts_count_statement"();--> statement-breakpoint
CREATE TRIGGER "contracts_count_delete"
  AFTER DELETE ON "contracts" REFERENCING OLD TABLE AS "removed"
  FOR EACH STATEMENT EXECUTE FUNCTION "contracts_count_statement"();--> statement-breakpoint
-- Payments set their contracts' payment date in one statement too, so a statement of many
-- payments is one update of contracts (and one change of each count), not one per payment.
DROP TRIGGER "payments_contract_date" ON "payments";--> statement-breakpoint
DROP FUNCTION "payments_sync_contract_date"();--> statement-breakpoint
CREATE FUNCTION "payments_sync_contract_dates"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE "contracts" c SET "payment_updated_at" = n."updated_at"
      FROM "added" n WHERE c."id" = n."contract_id";
  ELSIF TG_OP = 'DELETE' THEN
    UPDATE "contracts" c SET "payment_updated_at" = NULL
      FROM "removed" o WHERE c."id" = o."contract_id";
  ELSE
    UPDATE "contracts" c SET "payment_updated_at" = NULL
      FROM "removed" o JOIN "added" n ON n."id" = o."id"
     WHERE o."contract_id" <> n."contract_id" AND c."id" = o."contract_id";
    UPDATE "contracts" c SET "payment_updated_at" = n."updated_at"
      FROM "removed" o JOIN "added" n ON n."id" = o."id"
     WHERE (o."contract_id" <> n."contract_id" OR o."updated_at" IS DISTINCT FROM n."updated_at")
       AND c."id" = n."contract_id";
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "payments_contract_dates_insert"
  AFTER INSERT ON "payments" REFERENCING NEW TABLE AS "added"
  FOR EACH STATEMENT EXECUTE FUNCTION "payments_sync_contract_dates"();--> statement-breakpoint
CREATE TRIGGER "payments_contract_dates_update"
  AFTER UPDATE ON "payments" REFERENCING OLD TABLE AS "removed" NEW TABLE AS "added"
  FOR EACH STATEMENT EXECUTE FUNCTION "payments_sync_contract_dates"();--> statement-breakpoint
CREATE TRIGGER "payments_contract_dates_delete"
  AFTER DELETE ON "payments" REFERENCING OLD TABLE AS "removed"
  FOR EACH STATEMENT EXECUTE FUNCTION "payments_sync_contract_dates"();--> statement-breakpoint
-- The counts rewritten compactly (a bloated table keeps its size through VACUUM): writes to
-- contracts wait meanwhile, so the counts taken are the ones committed.
LOCK TABLE "contracts" IN SHARE MODE;--> statement-breakpoint
TRUNCATE "contract_counts";--> statement-breakpoint
INSERT INTO "contract_counts" ("template_id", "status", "paid", "count")
SELECT "template_id", "status", "payment_updated_at" IS NOT NULL, count(*)
  FROM "contracts"
 GROUP BY 1, 2, 3;
