/** The page's main landmark: the skip link's target (SPEC §9), the same on every page. */
export const MAIN_CONTENT_ID = 'contenuto-principale';
