CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"year" integer NOT NULL,
	"number" integer NOT NULL,
	"full_number" text NOT NULL,
	"tipo" text NOT NULL,
	"issued_on" text NOT NULL,
	"user_id" uuid NOT NULL,
	"contract_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"corrects_invoice_id" uuid,
	"buyer" jsonb NOT NULL,
	"seller" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"imponibile_cents" integer NOT NULL,
	"iva_cents" integer NOT NULL,
	"totale_cents" integer NOT NULL,
	"progressivo_invio" text NOT NULL,
	"xml" text NOT NULL,
	"status" text DEFAULT 'pronta' NOT NULL,
	"status_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_tipo_valid" CHECK ("invoices"."tipo" in ('TD01', 'TD04')),
	CONSTRAINT "invoices_status_valid" CHECK ("invoices"."status" in ('pronta', 'inviata', 'consegnata', 'scartata'))
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_corrects_invoice_id_invoices_id_fk" FOREIGN KEY ("corrects_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_year_number_unique" ON "invoices" USING btree ("year","number");--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_progressivo_unique" ON "invoices" USING btree ("progressivo_invio");--> statement-breakpoint
CREATE INDEX "invoices_user_idx" ON "invoices" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "invoices_contract_idx" ON "invoices" USING btree ("contract_id");--> statement-breakpoint
-- The file names' progressivo: a sequence (gaps do not matter there, uniqueness does).
CREATE SEQUENCE "invoice_progressivo_seq";
--> statement-breakpoint
-- An issued invoice is a fiscal document: refuse any change but its transmission status, and
-- any deletion, whatever code path or console session tries it (as for template versions).
CREATE FUNCTION "invoices_refuse_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'invoices rows are never deleted (id %)', OLD.id
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF (to_jsonb(NEW) - 'status' - 'status_reason' - 'updated_at')
     IS DISTINCT FROM (to_jsonb(OLD) - 'status' - 'status_reason' - 'updated_at') THEN
    RAISE EXCEPTION 'invoices rows are immutable but for their status (id %)', OLD.id
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "invoices_immutable"
  BEFORE UPDATE OR DELETE ON "invoices"
  FOR EACH ROW EXECUTE FUNCTION "invoices_refuse_change"();
