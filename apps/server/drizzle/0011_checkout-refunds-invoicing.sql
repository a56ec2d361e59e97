CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD COLUMN "url" text;--> statement-breakpoint
ALTER TABLE "contracts" ADD COLUMN "price_cents" integer;--> statement-breakpoint
-- Contracts started before the price was pinned keep the template's current price.
UPDATE "contracts" SET "price_cents" = t."price_cents" FROM "templates" t WHERE t."id" = "contracts"."template_id";--> statement-breakpoint
ALTER TABLE "contracts" ALTER COLUMN "price_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "contracts" ADD CONSTRAINT "contracts_price_not_negative" CHECK ("price_cents" >= 0);--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "transmitted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "attach_invoice_id" uuid;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "stripe_payment_intent" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "refunded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "disputed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "dispute_reason" text;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_attach_invoice_id_invoices_id_fk" FOREIGN KEY ("attach_invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_corrects_unique" ON "invoices" USING btree ("corrects_invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_untransmitted_idx" ON "invoices" USING btree ("created_at") WHERE "invoices"."transmitted_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_stripe_payment_intent_unique" ON "payments" USING btree ("stripe_payment_intent");--> statement-breakpoint
-- Invoices stay immutable but for their transmission: status, reason and when it was handed over.
CREATE OR REPLACE FUNCTION "invoices_refuse_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    RAISE EXCEPTION 'invoices rows are never deleted (id %)', OLD.id
      USING ERRCODE = 'restrict_violation';
  END IF;
  IF (to_jsonb(NEW) - 'status' - 'status_reason' - 'transmitted_at' - 'updated_at')
     IS DISTINCT FROM (to_jsonb(OLD) - 'status' - 'status_reason' - 'transmitted_at' - 'updated_at') THEN
    RAISE EXCEPTION 'invoices rows are immutable but for their transmission status (id %)', OLD.id
      USING ERRCODE = 'restrict_violation';
  END IF;
  RETURN NEW;
END;
$$;
