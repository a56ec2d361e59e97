// Types of server-build.mjs, for the TypeScript that imports it (the npm start test).
export const SERVER_BUILD_INPUTS: string[];
export const SERVER_DIST: string;
export const SERVER_ENTRY: string;
export function serverSourcesFingerprint(root?: string): Promise<string>;
export function serverBuildIsCurrent(root?: string): Promise<boolean>;
export function buildServer(options?: { root?: string }): Promise<{ ok: boolean; ms: number }>;
