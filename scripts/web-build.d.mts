// Types of web-build.mjs, for the TypeScript that imports it (the npm start test).
import type { ChildProcess } from 'node:child_process';

export const REPOSITORY_ROOT: string;
export const WEB_BUILD_INPUTS: string[];
export const STAMP_FILE: string;
export function webSourcesFingerprint(root?: string): Promise<string>;
export function webBuildIsCurrent(root?: string): Promise<boolean>;
export function writeWebBuildStamp(fingerprint: string, root?: string): Promise<void>;
export function buildWeb(options?: {
  root?: string;
  onChild?: (child: ChildProcess) => void;
}): Promise<{ ok: boolean; code: number | null; signal: NodeJS.Signals | null }>;
export function sourcesFingerprint(
  inputs: string[],
  root?: string,
  keep?: (file: string) => boolean,
): Promise<string>;
