import { Box, chakra, Flex, HStack, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import { createContext, type ReactNode, useCallback, useContext, useEffect, useRef } from 'react';
import { useBlocker, useNavigate } from 'react-router';
import { useNewContractStore } from '../../lib/storage.ts';
import { ConfirmDialog } from '../feedback/confirm-dialog.tsx';
import { Button } from '../ui/button.tsx';

const texts = it.web.purchase;

export type FlowStep = 0 | 1 | 2 | 3;

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

  const shouldBlock = useCallback(
    ({ nextLocation }: { nextLocation: { pathname: string } }) =>
      !leaving.current && inProgress() && !isFlowPath(nextLocation.pathname),
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
          blocker.proceed?.();
        }}
        onClose={() => blocker.reset?.()}
      >
        {texts.leaveText}
      </ConfirmDialog>
    </FlowExitContext.Provider>
  );
}
