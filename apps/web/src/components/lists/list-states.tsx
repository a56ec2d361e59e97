import { Stack, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import { AppAlert } from '../feedback/app-alert.tsx';
import { PageLoader } from '../feedback/page-loader.tsx';
import { Button } from '../ui/button.tsx';
import { type ListQuery, listStateKind } from './list-logic.ts';

export interface ListStateProps {
  query: ListQuery;
  /** What an empty list says when nothing exists yet. */
  emptyText: string;
  errorText: string;
  /** A search or filter is applied: an empty page means no match, not an empty list. */
  filtered?: boolean;
}

/**
 * Loading, error (with Riprova, which refetches) and empty states of a list; null when there
 * are rows to show. An empty filtered list says the search found nothing, never that nothing
 * exists.
 */
export function ListState({ query, emptyText, errorText, filtered = false }: ListStateProps) {
  const kind = listStateKind(query, filtered);
  if (kind === 'loading') return <PageLoader />;
  if (kind === 'error') {
    return (
      <AppAlert kind="error" title={errorText}>
        <Button variant="outline" size="sm" mt="8" onClick={() => void query.refetch()}>
          {it.web.purchase.retry}
        </Button>
      </AppAlert>
    );
  }
  if (kind === 'noMatch') {
    return (
      <Stack gap="4" py="24" color="navy.800" role="status">
        <Text textStyle="md" fontWeight="semibold">
          {it.web.lists.noMatch}
        </Text>
        <Text textStyle="sm">{it.web.lists.noMatchHint}</Text>
      </Stack>
    );
  }
  if (kind === 'empty') {
    return (
      <Text color="navy.800" textStyle="md" py="24">
        {emptyText}
      </Text>
    );
  }
  return null;
}
