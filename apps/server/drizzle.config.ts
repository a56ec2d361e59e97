import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w apps/server` after changing src/db/schema.ts; the SQL it writes to
// drizzle/ is committed and applied by the server at start (src/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './drizzle',
});
