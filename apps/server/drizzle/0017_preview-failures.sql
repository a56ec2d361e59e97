CREATE TABLE "preview_failures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"template_id" uuid NOT NULL,
	"contract_id" uuid,
	"document" integer NOT NULL,
	"output" text NOT NULL,
	"reason" text NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "preview_failures_output_valid" CHECK ("preview_failures"."output" in ('pdf', 'pdf-a'))
);
--> statement-breakpoint
ALTER TABLE "preview_failures" ADD CONSTRAINT "preview_failures_template_id_templates_id_fk" FOREIGN KEY ("template_id") REFERENCES "public"."templates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preview_failures" ADD CONSTRAINT "preview_failures_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "preview_failures_failed_at_idx" ON "preview_failures" USING btree ("failed_at");--> statement-breakpoint
CREATE INDEX "preview_failures_contract_idx" ON "preview_failures" USING btree ("contract_id","document");