import { it } from '@lexpath/shared/messages/it';
import { type ChangeEvent, type FormEvent, useState } from 'react';
import { useCategorySearchStore } from '../../lib/storage.ts';

/**
 * What the list screens' filters, states and pager decide, without their markup: the Chakra
 * components (list-filters.tsx, list-states.tsx, pager.tsx) and the plain catalogue of the
 * stand-alone page (issue 13) render the same decisions.
 */

/**
 * The search box and category over the category search store (SPEC §3, §4): Enter or the
 * button applies the text, emptying the box resets it; an empty category means all.
 * `searchBox` is the input's props, its name and value.
 */
export function useSearchFilters() {
  const search = useCategorySearchStore((state) => state.value);
  const setSearch = useCategorySearchStore((state) => state.set);
  const [text, setText] = useState(search.value);
  return {
    category: search.category,
    searchBox: {
      type: 'search' as const,
      'aria-label': it.web.purchase.search,
      placeholder: it.web.purchase.search,
      value: text,
      onChange(event: ChangeEvent<HTMLInputElement>) {
        setText(event.target.value);
        if (event.target.value === '') setSearch({ value: '' });
      },
    },
    apply(event: FormEvent) {
      event.preventDefault();
      setSearch({ value: text.trim() });
    },
    chooseCategory(category: string) {
      setSearch({ category });
    },
  };
}

/** The parts of a list query (TanStack Query, a page of `results`) the states read. */
export interface ListQuery {
  isPending: boolean;
  isError: boolean;
  data?: { results: readonly unknown[] } | undefined;
  refetch(): unknown;
}

export type ListStateKind = 'loading' | 'error' | 'noMatch' | 'empty';

/**
 * Which state a list shows instead of its rows; null when there are rows. An empty filtered
 * list means the search found nothing, never that nothing exists.
 */
export function listStateKind(query: ListQuery, filtered: boolean): ListStateKind | null {
  if (query.isPending) return 'loading';
  if (query.isError) return 'error';
  if ((query.data?.results.length ?? 0) > 0) return null;
  return filtered ? 'noMatch' : 'empty';
}

/** SPEC §2/§9: the pager shows only with more than one page; the ends disable their step. */
export function pagerSteps(page: number, totalPages: number) {
  if (totalPages <= 1) return null;
  return { canGoBack: page > 1, canGoForward: page < totalPages };
}
