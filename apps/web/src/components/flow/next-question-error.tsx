import { Flex, Stack } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import { errorMessage, isApiError } from '../../lib/api-client.ts';
import { AppAlert } from '../feedback/app-alert.tsx';
import { Button } from '../ui/button.tsx';

const texts = it.web.nextQuestion;

export interface NextQuestionErrorProps {
  error: unknown;
  /** True while 'Riprova' asks again: the button waits. */
  retrying: boolean;
  onRetry(): void;
  /** Drops the last answer; absent when no answer was given yet. */
  onBack?: () => void;
}

/**
 * The next question could not be fetched (lawyer's questionnaire and staff try-out). A 422 means
 * the server refused the answers given (the master may have changed meanwhile): its message says
 * why, and going back is the way on. Any other failure may heal, so it offers 'Riprova'.
 */
export function NextQuestionError({ error, retrying, onRetry, onBack }: NextQuestionErrorProps) {
  const refused = isApiError(error) && error.status === 422;
  return (
    <Stack gap="16">
      {refused ? (
        <AppAlert kind="error">{errorMessage(error)}</AppAlert>
      ) : (
        <AppAlert kind="error" title={texts.loadFailed}>
          {errorMessage(error)}
        </AppAlert>
      )}
      <Flex gap="8" justify="flex-end">
        {onBack ? (
          <Button variant="outline" onClick={onBack}>
            {texts.back}
          </Button>
        ) : null}
        {refused ? null : (
          <Button variant="primary" loading={retrying} onClick={onRetry}>
            {texts.retry}
          </Button>
        )}
      </Flex>
    </Stack>
  );
}
