import { z } from 'zod';
import { ZPageQuery } from './pagination.ts';
import { ZRequiredText } from './users.ts';

/** A category of templates (SPEC §3). */
export const ZCategory = z.object({ id: z.string(), name: z.string() });
export type TCategory = z.infer<typeof ZCategory>;

/** POST /category and PUT /category/{id}: the name, trimmed; 'Campo obbligatorio.' when blank. */
export const ZCategoryInput = z.object({ name: ZRequiredText });
export type TCategoryInput = z.input<typeof ZCategoryInput>;

/** GET /category: `?page=&limit=` (the chips and the selectors ask for 1000). */
export const ZCategoriesQuery = ZPageQuery;
export type TCategoriesQuery = z.input<typeof ZCategoriesQuery>;
