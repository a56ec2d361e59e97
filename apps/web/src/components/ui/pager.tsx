import { HStack, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import { pagerSteps } from '../lists/list-logic.ts';
import { Button } from './button.tsx';

const texts = it.web.pager;

export interface PagerProps {
  page: number;
  totalPages: number;
  onPageChange(page: number): void;
  /** Names the navigation landmark when a screen has more than one list. */
  label?: string;
}

/** SPEC §2/§9: previous/next and 'Pagina X di Y', only when there is more than one page. */
export function Pager({ page, totalPages, onPageChange, label = texts.label }: PagerProps) {
  const steps = pagerSteps(page, totalPages);
  if (!steps) return null;
  return (
    <HStack as="nav" aria-label={label} justify="center" gap="16" mt="24">
      <Button
        variant="outline"
        size="sm"
        disabled={!steps.canGoBack}
        onClick={() => onPageChange(page - 1)}
      >
        {texts.previous}
      </Button>
      <Text aria-live="polite" color="navy.800">
        {texts.page(page, totalPages)}
      </Text>
      <Button
        variant="outline"
        size="sm"
        disabled={!steps.canGoForward}
        onClick={() => onPageChange(page + 1)}
      >
        {texts.next}
      </Button>
    </HStack>
  );
}
