-- The users' contracts list searched by a common word of titles (issue 21): its sort indexes
-- carry the template and the owner after the unique id, so the page is found walking the order
-- and the rows of other titles are skipped by their index entries, without a visit to the table.
-- Rebuilt in the migration's transaction (drizzle runs them in one, so not CONCURRENTLY): writes
-- to contracts wait while the six indexes are built; reads go on meanwhile. At 1,000,000
-- contracts, this migration and 0013 together lengthened the server's start by 41 s on a
-- 2-core machine at load 15 (bench/lists.bench.mjs on its kept cluster: 47.7 s against 6.7 s).
SET LOCAL maintenance_work_mem = '256MB';--> statement-breakpoint
DROP INDEX "contracts_created_idx";--> statement-breakpoint
DROP INDEX "contracts_owner_name_idx";--> statement-breakpoint
DROP INDEX "contracts_owner_surname_idx";--> statement-breakpoint
DROP INDEX "contracts_template_name_idx";--> statement-breakpoint
DROP INDEX "contracts_paid_asc_idx";--> statement-breakpoint
DROP INDEX "contracts_paid_desc_idx";--> statement-breakpoint
CREATE INDEX "contracts_created_idx" ON "contracts" USING btree ("created_at","id","status","template_id","user_id");--> statement-breakpoint
CREATE INDEX "contracts_owner_name_idx" ON "contracts" USING btree ("owner_name_key","id","status","template_id","user_id");--> statement-breakpoint
CREATE INDEX "contracts_owner_surname_idx" ON "contracts" USING btree ("owner_surname_key","id","status","template_id","user_id");--> statement-breakpoint
CREATE INDEX "contracts_template_name_idx" ON "contracts" USING btree ("template_name_key","id","status","template_id","user_id");--> statement-breakpoint
CREATE INDEX "contracts_paid_asc_idx" ON "contracts" USING btree ("payment_updated_at","id","status","template_id","user_id");--> statement-breakpoint
CREATE INDEX "contracts_paid_desc_idx" ON "contracts" USING btree ("payment_updated_at" DESC NULLS LAST,"id" DESC NULLS FIRST,"status","template_id","user_id");