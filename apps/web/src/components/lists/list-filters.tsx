import { Box, HStack, Input, Stack, Wrap } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import type { TCategory } from '@lexpath/shared/schemas/categories';
import { Button } from '../ui/button.tsx';
import { useSearchFilters } from './list-logic.ts';

const texts = it.web.purchase;

/**
 * Search box and category chips over the category search store (SPEC §3, §4): Enter or the
 * button applies the text, emptying the box resets it; 'Tutti' clears the category.
 */
export function ListFilters({ categories }: { categories: readonly TCategory[] }) {
  const filters = useSearchFilters();
  return (
    <Stack gap="16" mb="24">
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is still unknown to some engines (happy-dom, older Safari) */}
      <form role="search" onSubmit={filters.apply}>
        <HStack gap="8" maxW="420px">
          <Input {...filters.searchBox} width="320px" maxW="100%" bg="white" />
          <Button type="submit" variant="primary" size="sm">
            {texts.searchButton}
          </Button>
        </HStack>
      </form>
      <Box role="group" aria-label={texts.categories}>
        <Wrap gap="8">
          <Button
            variant="chips"
            size="xs"
            aria-pressed={filters.category === ''}
            onClick={() => filters.chooseCategory('')}
          >
            {texts.allCategories}
          </Button>
          {categories.map((category) => (
            <Button
              key={category.id}
              variant="chips"
              size="xs"
              aria-pressed={filters.category === category.id}
              onClick={() => filters.chooseCategory(category.id)}
            >
              {category.name}
            </Button>
          ))}
        </Wrap>
      </Box>
    </Stack>
  );
}
