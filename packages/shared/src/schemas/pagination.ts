import { z } from 'zod';
import { it } from '../messages/it.ts';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../page-sizes.ts';

export { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX };

/** `?page=&limit=` of every list (DESIGN §3): page from 1, limit 12 by default, at most 1000. */
export const ZPageQuery = z.object({
  page: z.coerce
    .number({ error: it.validation.invalid })
    .int(it.validation.invalid)
    .min(1, it.validation.invalid)
    .default(1),
  limit: z.coerce
    .number({ error: it.validation.invalid })
    .int(it.validation.invalid)
    .min(1, it.validation.invalid)
    .max(PAGE_SIZE_MAX, it.validation.invalid)
    .default(PAGE_SIZE_DEFAULT),
});
export type TPageQuery = z.input<typeof ZPageQuery>;

/** `{ results, page, totalPages }`: the body of every list, inside `data`. */
export function paginatedOf<T extends z.ZodType>(item: T) {
  return z.object({
    results: z.array(item),
    page: z.number().int(),
    totalPages: z.number().int(),
  });
}

/** One page of `T`s as a list answers it: the type of `paginatedOf`'s schema. */
export type TPage<T> = z.infer<ReturnType<typeof paginatedOf<z.ZodType<T>>>>;

/** At least one page, so "page 1 of 1" holds for an empty list too. */
export function countPages(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}
