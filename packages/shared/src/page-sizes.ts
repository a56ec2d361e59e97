/**
 * The page sizes of every list (DESIGN §3), without the schemas: a screen that only asks for a
 * page need not load zod (issue 13: the stand-alone catalogue).
 */
export const PAGE_SIZE_DEFAULT = 12;
export const PAGE_SIZE_MAX = 1000;
