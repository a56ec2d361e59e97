import { Box, chakra, Flex, HStack, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef } from 'react';
import { useBlocker, useLocation, useNavigate } from 'react-router';
import { useNewContractStore } from '../../lib/storage.ts';
import { ConfirmDialog } from '../feedback/confirm-dialog.tsx';
import { Button } from '../ui/button.tsx';

const texts = it.web.purchase;

export type FlowStep = 0 | 1 | 2 | 3;

/** React Router's key of the entry a document was loaded with. */
const ARRIVAL_KEY = 'default';
/** A Back to another document unloads this one first; still here after this, there was none. */
const LEAVE_FALLBACK_MS = 500;

type BlockerArgs = {
  nextLocation: { pathname: string; key: string };
  historyAction: 'POP' | 'PUSH' | 'REPLACE';
};

const FlowExitContext = createContext<() => void>(() => undefined);

/** Lets a step leave the flow on purpose (buy, payment registered): no dialog, no warning. */
export function useAllowLeave(): () => void {
  return useContext(FlowExitContext);
}

function Stepper({ current, names }: { current: FlowStep; names: readonly string[] }) {
  return (
    <chakra.ol
      aria-label={texts.steps}
      display="flex"
      gap="8"
      listStyleType="none"
      mb="24"
      flexWrap="wrap"
    >
      {names.map((name, index) => {
        const state = index < current ? 'done' : index === current ? 'current' : 'todo';
        return (
          <chakra.li
            key={name}
            flex="1"
            minW="120px"
            aria-current={state === 'current' ? 'step' : undefined}
            data-state={state}
          >
            <Box
              h="6"
              borderRadius="full"
              bg={state === 'todo' ? 'beige.200' : 'navy.700'}
              opacity={state === 'current' ? 0.7 : 1}
              mb="6"
            />
            <Text
              textStyle="sm"
              fontWeight={state === 'current' ? 'bold' : 'normal'}
              color="navy.800"
            >
              {index + 1}. {name}
              {state === 'done' ? <chakra.span srOnly> ({texts.stepDone})</chakra.span> : null}
              {state === 'current' ? (
                <chakra.span srOnly> ({texts.stepCurrent})</chakra.span>
              ) : null}
            </Text>
          </chakra.li>
        );
      })}
    </chakra.ol>
  );
}

export interface FlowLayoutProps {
  step: FlowStep;
  children: ReactNode;
  /** True for the URLs of the flow: going anywhere else asks for confirmation. */
  isFlowPath(pathname: string): boolean;
  /** Where 'Abbandona' goes. */
  exitTo: string;
  /** The step names of the progress bar. */
  stepNames?: readonly string[];
  /** True while there is progress to lose. */
  inProgress(): boolean;
}

/**
 * The shared frame of questionnaire, summary, preview and cart (SPEC §2), also used by the
 * staff's try-out: the steps, 'Abbandona', a confirmation before leaving the flow (progress is
 * lost) and the browser's unload warning, both lifted when the step leaves on purpose.
 */
export function FlowLayout({
  step,
  children,
  isFlowPath,
  exitTo,
  stepNames = texts.stepNames,
  inProgress,
}: FlowLayoutProps) {
  const navigate = useNavigate();
  const resetContract = useNewContractStore((state) => state.reset);
  const leaving = useRef(false);

  const location = useLocation();

  // Arrived by a page load (the stand-alone catalogue links here, or a reload): the browser's
  // Back would leave this document, where no dialog of ours can run (browsers show their own
  // unload prompt only after a gesture, if at all). A second history entry for the same URL keeps
  // that Back inside the app, where the blocker below asks first.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, on entering the flow
  useEffect(() => {
    if (location.key === ARRIVAL_KEY && inProgress()) {
      void navigate(location, { replace: false, state: location.state });
    }
  }, []);

  const shouldBlock = useCallback(
    ({ nextLocation, historyAction }: BlockerArgs) =>
      !leaving.current &&
      inProgress() &&
      (!isFlowPath(nextLocation.pathname) ||
        (historyAction === 'POP' && nextLocation.key === ARRIVAL_KEY)),
    [inProgress, isFlowPath],
  );
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    function warn(event: BeforeUnloadEvent) {
      if (leaving.current) return;
      event.preventDefault();
      // Older browsers need returnValue set to show the dialog.
      event.returnValue = '';
    }
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, []);

  const allowLeave = useCallback(() => {
    leaving.current = true;
  }, []);

  return (
    <FlowExitContext.Provider value={allowLeave}>
      <Flex justify="flex-end" mb="8">
        <HStack>
          <Button variant="outline" size="sm" onClick={() => navigate(exitTo)}>
            {texts.abandon}
          </Button>
        </HStack>
      </Flex>
      <Stepper current={step} names={stepNames} />
      {children}
      <ConfirmDialog
        open={blocker.state === 'blocked'}
        title={texts.leaveTitle}
        confirmLabel={texts.leaveConfirm}
        onConfirm={() => {
          leaving.current = true;
          resetContract();
          const backToArrival = blocker.location?.key === ARRIVAL_KEY;
          blocker.proceed?.();
          // Back past the entry this document was loaded with: to the page before it, or, when
          // there is none (a new tab), to the flow's exit.
          if (backToArrival) {
            window.history.back();
            setTimeout(() => navigate(exitTo, { replace: true }), LEAVE_FALLBACK_MS);
          }
        }}
        onClose={() => blocker.reset?.()}
      >
        {texts.leaveText}
      </ConfirmDialog>
    </FlowExitContext.Provider>
  );
}
