import { Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import { AppAlert } from '../feedback/app-alert.tsx';
import { PageLoader } from '../feedback/page-loader.tsx';
import { Button } from '../ui/button.tsx';

/** The parts of a list query (TanStack Query, a page of `results`) the states read. */
export interface ListQuery {
  isPending: boolean;
  isError: boolean;
  data?: { results: readonly unknown[] } | undefined;
  refetch(): unknown;
}

export interface ListStateProps {
  query: ListQuery;
  emptyText: string;
  errorText: string;
}

/**
 * Loading, error (with Riprova, which refetches) and empty states of a list; null when there
 * are rows to show.
 */
export function ListState({ query, emptyText, errorText }: ListStateProps) {
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <AppAlert kind="error" title={errorText}>
        <Button variant="outline" size="sm" mt="8" onClick={() => void query.refetch()}>
          {it.web.purchase.retry}
        </Button>
      </AppAlert>
    );
  }
  if ((query.data?.results.length ?? 0) === 0) {
    return (
      <Text color="navy.800" textStyle="md" py="24">
        {emptyText}
      </Text>
    );
  }
  return null;
}
