/** Resolves in a later task, so that the browser can paint and answer input in between. */
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
