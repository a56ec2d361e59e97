import { useEffect } from 'react';

const TITLE_WAIT_MS = 3000;
const TITLE_POLL_MS = 50;

/**
 * Puts the focus on the screen's title (`main h1`, made focusable with tabIndex -1) once it
 * shows, so that a screen reader reads where the user is and Tab continues from there. Only
 * when the focus is lost (on `<body>`, as after the control that was pressed disappeared or was
 * disabled): a focus the user has already placed elsewhere is left alone. Returns a cancel.
 */
export function focusPageTitle(): () => void {
  const started = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  function attempt() {
    const active = document.activeElement;
    if (active && active !== document.body) return;
    const title = document.querySelector<HTMLElement>('main h1');
    if (title) {
      title.tabIndex = -1;
      title.focus();
    } else if (Date.now() - started < TITLE_WAIT_MS) {
      timer = setTimeout(attempt, TITLE_POLL_MS);
    }
  }
  timer = setTimeout(attempt, 0);
  return () => clearTimeout(timer);
}

/**
 * `focusPageTitle` whenever `key` changes while `enabled`: a new step, a new question, a screen
 * whose content has loaded.
 */
export function useFocusPageTitle(enabled: boolean, key: unknown): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new key (step, screen) is the trigger
  useEffect(() => {
    if (!enabled) return;
    return focusPageTitle();
  }, [enabled, key]);
}
