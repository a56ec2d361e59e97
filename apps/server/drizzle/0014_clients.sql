-- The lawyer's client register: one row per client, owned by one lawyer and erased with the
-- account. Contracts never reference it (they keep their own answers), so erasing a client
-- leaves bought documents and invoices as they were. The list walks the owner's index by name;
-- the search reads the generated search_text through pg_trgm (created in an earlier migration).
CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"tipo" text NOT NULL,
	"dati" jsonb NOT NULL,
	"legale_rappresentante" jsonb,
	"display_name" text NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(display_name || ' ' || coalesce(dati->>'nome', '') || ' ' || coalesce(dati->>'codice_fiscale', '') || ' ' || coalesce(dati->>'partita_iva', ''))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clients_tipo_valid" CHECK ("clients"."tipo" in ('persona_fisica', 'persona_giuridica'))
);
--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "clients_owner_name_idx" ON "clients" USING btree ("owner_id",lower("display_name"),"id");--> statement-breakpoint
CREATE INDEX "clients_search_trgm_idx" ON "clients" USING gin ("search_text" gin_trgm_ops);