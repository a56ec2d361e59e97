import type { ReactNode } from 'react';
import {
  type FlowStep,
  FlowLayout as SharedFlowLayout,
} from '../../../components/flow/flow-layout.tsx';
import { useFocusPageTitle } from '../../../lib/focus-title.ts';
import { isWithin, PATHS } from '../../../lib/paths.ts';
import { useNewContractStore } from '../../../lib/storage.ts';

export { useAllowLeave } from '../../../components/flow/flow-layout.tsx';

const isFlowPath = (pathname: string) => isWithin(pathname, PATHS.newContract);
// A document is under way from the card's click, before its first answer creates it.
const contractInProgress = () => useNewContractStore.getState().value.type !== '';

/** The lawyer's four steps: leaving /user/nuovo-contratto with a document started asks first. */
export function FlowLayout({ step, children }: { step: FlowStep; children: ReactNode }) {
  // A step replaces the control that led to it: the focus goes to the new step's title.
  useFocusPageTitle(true, step);
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
