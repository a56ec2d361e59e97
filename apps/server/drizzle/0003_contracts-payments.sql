CREATE TABLE "checkout_sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"contract_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_cents" integer NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "checkout_sessions_status_valid" CHECK ("checkout_sessions"."status" in ('open', 'paid')),
	CONSTRAINT "checkout_sessions_amount_not_negative" CHECK ("checkout_sessions"."amount_cents" >= 0)
);
--> statement-breakpoint
DROP INDEX "payments_contract_idx";--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_contract_id_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_sessions" ADD CONSTRAINT "checkout_sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "checkout_sessions_contract_idx" ON "checkout_sessions" USING btree ("contract_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payments_contract_unique" ON "payments" USING btree ("contract_id");