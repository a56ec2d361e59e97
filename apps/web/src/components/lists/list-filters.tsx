import { Box, HStack, Input, Stack, Wrap } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import type { TCategory } from '@lexpath/shared/schemas/categories';
import { type FormEvent, useState } from 'react';
import { useCategorySearchStore } from '../../lib/storage.ts';
import { Button } from '../ui/button.tsx';

const texts = it.web.purchase;

/**
 * Search box and category chips over the category search store (SPEC §3, §4): Enter or the
 * button applies the text, emptying the box resets it; 'Tutti' clears the category.
 */
export function ListFilters({ categories }: { categories: readonly TCategory[] }) {
  const search = useCategorySearchStore((state) => state.value);
  const setSearch = useCategorySearchStore((state) => state.set);
  const [text, setText] = useState(search.value);

  function apply(event: FormEvent) {
    event.preventDefault();
    setSearch({ value: text.trim() });
  }

  return (
    <Stack gap="16" mb="24">
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is still unknown to some engines (happy-dom, older Safari) */}
      <form role="search" onSubmit={apply}>
        <HStack gap="8" maxW="420px">
          <Input
            type="search"
            aria-label={texts.search}
            placeholder={texts.search}
            width="320px"
            maxW="100%"
            bg="white"
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              if (event.target.value === '') setSearch({ value: '' });
            }}
          />
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
            aria-pressed={search.category === ''}
            onClick={() => setSearch({ category: '' })}
          >
            {texts.allCategories}
          </Button>
          {categories.map((category) => (
            <Button
              key={category.id}
              variant="chips"
              size="xs"
              aria-pressed={search.category === category.id}
              onClick={() => setSearch({ category: category.id })}
            >
              {category.name}
            </Button>
          ))}
        </Wrap>
      </Box>
    </Stack>
  );
}
