import type {
  TContractCard,
  TContractDetail,
  TContractsFilter,
} from '@lexpath/shared/schemas/contracts';
import type { TPage } from '@lexpath/shared/schemas/pagination';
import type { TAnswers } from '@lexpath/shared/schemas/questions';
import type { TNextQuestion } from '@lexpath/shared/schemas/templates';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from './api-client.ts';

/** GET /contract's query as the web sends it: the filters ZContractsQuery reads on the server. */
export type ContractsQuery = Pick<TContractsFilter, 'page'> &
  Partial<Omit<TContractsFilter, 'page' | 'limit'>>;

/**
 * The contracts (GET /contract…) and the questionnaire's next question. Every key starts with
 * `root`, so a payment or a refund refreshes them all. Here in lib/ because the lawyer's flow,
 * the admin's users' contracts and the template try-out read them.
 */
export const contractQueries = {
  root: ['contracts'] as const,
  lists: () => [...contractQueries.root, 'list'] as const,
  /** One page of a list; the server sorts and filters the whole list. */
  list: (query: ContractsQuery) =>
    queryOptions({
      queryKey: [...contractQueries.lists(), query],
      queryFn: ({ signal }) => api.get<TPage<TContractCard>>('/contract', { query, signal }),
      // The table stays while the next page loads, so the pager does not jump.
      placeholderData: keepPreviousData,
    }),
  details: () => [...contractQueries.root, 'detail'] as const,
  detail: (id: string) =>
    queryOptions({
      queryKey: [...contractQueries.details(), id],
      queryFn: ({ signal }) => api.get<TContractDetail>(`/contract/${id}`, { signal }),
      enabled: id !== '',
    }),
  /** Every next question: a template's questions changed make them all stale. */
  nextQuestions: () => [...contractQueries.root, 'next-question'] as const,
  /**
   * POST /contract/questions?type=: the next question of the template after `answers`; null
   * when the questionnaire is finished. `versionId`: a resumed draft's own, older version. The answers decide it, so it never goes stale.
   */
  next: (templateId: string, answers: TAnswers, versionId?: string) =>
    queryOptions({
      queryKey: [...contractQueries.nextQuestions(), templateId, answers, versionId],
      queryFn: ({ signal }) =>
        api.post<TNextQuestion | null>('/contract/questions', answers, {
          query: versionId ? { type: templateId, version: versionId } : { type: templateId },
          signal,
        }),
      staleTime: Number.POSITIVE_INFINITY,
      // The questionnaire shows the failure itself, with 'Riprova'.
      meta: { silent: true },
    }),
  /**
   * The generated PDF, as a blob the preview frame shows through an object URL; `document` picks
   * a document of a set (from 1; the first without it).
   */
  preview: (id: string, document?: number) =>
    queryOptions({
      queryKey: [...contractQueries.root, 'preview', id, document ?? 1],
      queryFn: ({ signal }) =>
        api.get<Blob>(`/contract/preview/${id}`, {
          responseType: 'blob',
          signal,
          ...(document && document > 1 ? { query: { document: String(document) } } : {}),
        }),
      // A 503 (no LibreOffice) will not heal in seconds: the screen offers a retry instead.
      retry: false,
      gcTime: 0,
      meta: { silent: true },
    }),
};
