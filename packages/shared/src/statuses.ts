/**
 * Contract and template states as the API and the database spell them (SPEC §4), without zod:
 * the web app's first page imports them (its stored purchase), and a module holding schemas
 * would put zod's full API and its schemas into the login page's scripts.
 */

/** Contract status: TO_COMPLETE during the questionnaire, COMPLETED at the preview. */
export const CONTRACT_STATUS = { toComplete: 'TO_COMPLETE', completed: 'COMPLETED' } as const;
export type TContractStatus = (typeof CONTRACT_STATUS)[keyof typeof CONTRACT_STATUS];
export const CONTRACT_STATUS_VALUES = [
  CONTRACT_STATUS.toComplete,
  CONTRACT_STATUS.completed,
] as const;

/** Template status: only PUBLISHED templates are listed to customers. */
export const TEMPLATE_STATUS = { published: 'PUBLISHED', suspended: 'SUSPENDED' } as const;
export type TTemplateStatus = (typeof TEMPLATE_STATUS)[keyof typeof TEMPLATE_STATUS];
export const TEMPLATE_STATUS_VALUES = [
  TEMPLATE_STATUS.published,
  TEMPLATE_STATUS.suspended,
] as const;
