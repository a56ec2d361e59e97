/** What the global setup hands every test file: where to create its database from. */
export type TestDatabaseInfo = {
  /** A superuser URL on the test server (any database name; it is replaced). */
  adminUrl: string;
  /** The migrated template database that each test file copies. */
  templateName: string;
};

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: TestDatabaseInfo;
  }
}

/** The same server and credentials, another database. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${encodeURIComponent(database)}`;
  return parsed.toString();
}
