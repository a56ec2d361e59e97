import type { ReactNode } from 'react';
import { isWithin, PATHS } from '../../../app/paths.ts';
import {
  type FlowStep,
  FlowLayout as SharedFlowLayout,
} from '../../../components/flow/flow-layout.tsx';
import { useNewContractStore } from '../../../lib/storage.ts';

export { useAllowLeave } from '../../../components/flow/flow-layout.tsx';

const isFlowPath = (pathname: string) => isWithin(pathname, PATHS.newContract);
const contractInProgress = () => useNewContractStore.getState().value.id !== '';

/** The lawyer's four steps: leaving /user/nuovo-contratto with a document started asks first. */
export function FlowLayout({ step, children }: { step: FlowStep; children: ReactNode }) {
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
