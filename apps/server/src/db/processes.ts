import { readFileSync } from 'node:fs';

/** Start time of a process in clock ticks since boot (Linux), to tell a reused pid apart. */
export function readProcessStartTime(pid: number): string | undefined {
  return readProcStat(pid)?.startTime;
}

function readProcStat(pid: number): { state: string; startTime: string } | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (command name) state ppid …": the name may hold spaces and parentheses.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { state: fields[0] ?? '', startTime: fields[19] ?? '' };
  } catch {
    return undefined;
  }
}

/**
 * Whether a process runs. A zombie (dead, not yet reaped by a parent that never waits, as an
 * orphan may be in a container) counts as dead; so does a pid reused by a process that
 * started at another time than `expectedStartTime`.
 */
export function isProcessAlive(pid: number, expectedStartTime?: string): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM: it exists but belongs to another user.
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const stat = readProcStat(pid);
  if (!stat) return true;
  if (stat.state === 'Z' || stat.state === 'X') return false;
  return expectedStartTime === undefined || stat.startTime === expectedStartTime;
}

/** Polls until the process is gone; false when it still runs after the timeout. */
export async function waitForProcessExit(pid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (isProcessAlive(pid)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}
