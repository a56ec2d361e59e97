/**
 * The questionnaire's pacing (SPEC §4, §9): 2 s before the summary, a loading logo for a random
 * 1–3 s after each answer, 0.025 s per word of animated text. Tests set it to zero.
 */
export interface FlowTiming {
  summaryDelayMs: number;
  wordDelayMs: number;
  loaderMs(): number;
}

const defaults: FlowTiming = {
  summaryDelayMs: 2000,
  wordDelayMs: 25,
  loaderMs: () => 1000 + Math.random() * 2000,
};

let current: FlowTiming = defaults;

export function flowTiming(): FlowTiming {
  return current;
}

/** Overrides part of the pacing; `resetFlowTiming` puts the defaults back. */
export function setFlowTiming(overrides: Partial<FlowTiming>): void {
  current = { ...current, ...overrides };
}

export function resetFlowTiming(): void {
  current = defaults;
}

/** Users who ask the system for less motion get no staged text and no artificial waits. */
export function prefersReducedMotion(): boolean {
  return globalThis.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}
