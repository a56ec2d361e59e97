import { Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import { AppAlert } from '../feedback/app-alert.tsx';
import { PageLoader } from '../feedback/page-loader.tsx';
import { Button } from '../ui/button.tsx';

export interface ListStateProps {
  isPending: boolean;
  isError: boolean;
  isEmpty: boolean;
  emptyText: string;
  errorText: string;
  onRetry(): void;
}

/** Loading, error and empty states of a card list; null when there are cards to show. */
export function ListState({
  isPending,
  isError,
  isEmpty,
  emptyText,
  errorText,
  onRetry,
}: ListStateProps) {
  if (isPending) return <PageLoader />;
  if (isError) {
    return (
      <AppAlert kind="error" title={errorText}>
        <Button variant="outline" size="sm" mt="8" onClick={onRetry}>
          {it.web.purchase.retry}
        </Button>
      </AppAlert>
    );
  }
  if (isEmpty) {
    return (
      <Text color="navy.800" textStyle="md" py="24">
        {emptyText}
      </Text>
    );
  }
  return null;
}
