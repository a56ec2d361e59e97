import { type ReactNode, useEffect } from 'react';
import {
  type FlowStep,
  FlowLayout as SharedFlowLayout,
} from '../../../components/flow/flow-layout.tsx';
import { isWithin, PATHS } from '../../../lib/paths.ts';
import { useNewContractStore } from '../../../lib/storage.ts';

export { useAllowLeave } from '../../../components/flow/flow-layout.tsx';

const isFlowPath = (pathname: string) => isWithin(pathname, PATHS.newContract);
const contractInProgress = () => useNewContractStore.getState().value.id !== '';

const HEADING_WAIT_MS = 3000;
const HEADING_POLL_MS = 50;

/**
 * A step replaces the control that led to it, so the focus would fall back to the page:
 * it goes to the new step's title instead (once it shows), and Tab continues from there.
 * A focus the user has already placed elsewhere is left alone.
 */
function useFocusTitleOnStep(step: FlowStep) {
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new step is the trigger
  useEffect(() => {
    const started = Date.now();
    let timer: ReturnType<typeof setTimeout> | undefined;
    function focusTitle() {
      const active = document.activeElement;
      if (active && active !== document.body) return;
      const title = document.querySelector<HTMLElement>('main h1');
      if (title) {
        title.tabIndex = -1;
        title.focus();
      } else if (Date.now() - started < HEADING_WAIT_MS) {
        timer = setTimeout(focusTitle, HEADING_POLL_MS);
      }
    }
    timer = setTimeout(focusTitle, 0);
    return () => clearTimeout(timer);
  }, [step]);
}

/** The lawyer's four steps: leaving /user/nuovo-contratto with a document started asks first. */
export function FlowLayout({ step, children }: { step: FlowStep; children: ReactNode }) {
  useFocusTitleOnStep(step);
  return (
    <SharedFlowLayout
      step={step}
      isFlowPath={isFlowPath}
      exitTo={PATHS.contracts}
      inProgress={contractInProgress}
    >
      {children}
    </SharedFlowLayout>
  );
}
