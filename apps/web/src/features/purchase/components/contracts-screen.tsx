import { it } from '@lexpath/shared/messages/it';
import type { TTemplateCard } from '@lexpath/shared/schemas/templates';
import { TEMPLATE_STATUS } from '@lexpath/shared/statuses';
import { type QueryClient, useQuery } from '@tanstack/react-query';
import { useDeferredValue, useEffect, useRef, useState } from 'react';
import { categoryQueries } from '../../../lib/category-queries.ts';
import { usePageNavigation } from '../../../lib/page-navigation.tsx';
import { PATHS } from '../../../lib/paths.ts';
import {
  type CategorySearch,
  emptyNewContract,
  useCategorySearchStore,
  useNewContractStore,
  useSessionStore,
} from '../../../lib/storage.ts';
import { templateQueries } from '../../../lib/template-queries.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { CatalogueFilters } from './catalogue-filters.tsx';
import { CatalogueListState } from './catalogue-list-state.tsx';
import { CataloguePager } from './catalogue-pager.tsx';
import { GenerationModeDialog } from './generation-mode-dialog.tsx';
import { LexmindPreviewDialog } from './lexmind-preview-dialog.tsx';
import { TemplateCard } from './template-card.tsx';
import './catalogue.css';

const texts = it.web.purchase;
const RESULTS_ID = 'catalogue-results';

/** A page of the catalogue: customers only ever receive published templates (SPEC §4); the
 * status says so anyway. */
function catalogueQuery(search: CategorySearch, page: number) {
  return templateQueries.list({
    page,
    name: search.value,
    categoryId: search.category,
    status: TEMPLATE_STATUS.published,
  });
}

/**
 * Asks for what the catalogue shows first (its page of templates under the kept search, and the
 * categories) before the screen mounts: the stand-alone page starts both with its script, not
 * after its first render (issue 13). The screen's queries then find them under way or done.
 */
export function prefetchCatalogue(queryClient: QueryClient): void {
  const search = useCategorySearchStore.getState().value;
  void queryClient.prefetchQuery(catalogueQuery(search, 1));
  void queryClient.prefetchQuery(categoryQueries.all());
}

/**
 * 'Nuovo documento' (SPEC §2): the published templates; a card starts a new document. A
 * LexMind user (LEXMIND_USERS on the server) first chooses the generation mode. The card only
 * keeps the chosen template: the questionnaire creates the document with its first answer
 * (issue 12), so a look at the questions leaves no draft behind.
 *
 * Plain elements and CSS, no Chakra and no router (issue 13): the same screen renders inside
 * the app and on the stand-alone catalogue page, where a card leads to the questionnaire by a
 * page load (`usePageNavigation`).
 */
export function ContractsScreen() {
  const { navigate } = usePageNavigation();
  const title = it.web.titles.contracts;
  usePageTitle(title);
  const search = useCategorySearchStore((state) => state.value);
  const [page, setPage] = useState(1);
  const categories = useQuery(categoryQueries.all());
  const templates = useQuery(catalogueQuery(search, page));
  // A query's answer re-renders synchronously: the whole page of cards, their styles and their
  // commit were one long task on a phone (issue 13). The cards render from a deferred copy of
  // the page, as a transition that yields to the browser. The page itself, not the query's
  // result: the result is a new object on every render, so deferring it costs a background
  // render each time; the cached page keeps its identity until new data comes.
  // The category chips above the cards come with a request of their own: cards, or the
  // spinner, drawn below them before they came were pushed down by their rows (a layout shift
  // of 0.08 on a phone in Lighthouse). Until the categories' first answer, failed or not, the
  // spinner stands where the chips go and the list below holds nothing.
  const chipsPending = categories.isPending;
  const cardsPage = useDeferredValue(chipsPending ? undefined : templates.data);
  const setContract = useNewContractStore((state) => state.set);
  // A session stored before the flag existed has no `lexmind`: an ordinary user.
  const isLexmindUser = useSessionStore((state) => state.user?.lexmind === true);
  const [choosingFor, setChoosingFor] = useState<TTemplateCard | null>(null);
  const [previewOpen, setPreviewOpen] = useState(false);
  // The dialogs were opened by a card, not by a trigger of their own: focus goes back to it.
  const openedFrom = useRef<HTMLElement | null>(null);
  const returnFocus = () => openedFrom.current;

  // A new filter starts again from the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the filter values are the trigger
  useEffect(() => setPage(1), [search.value, search.category]);

  function startDocument(template: TTemplateCard) {
    setContract({
      ...emptyNewContract,
      type: template.id,
      title: template.name,
      maxQuestions: template.max_questions ?? 0,
    });
    navigate(PATHS.questionnaire);
  }

  function openTemplate(template: TTemplateCard) {
    if (isLexmindUser) {
      openedFrom.current =
        document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setChoosingFor(template);
    } else {
      startDocument(template);
    }
  }

  function showLexmindPreview() {
    setChoosingFor(null);
    setPreviewOpen(true);
  }

  const results = cardsPage?.results ?? [];
  return (
    <div className="lp-cat">
      <h1 className="lp-cat-title">{title}</h1>
      {/* Past the search and the category chips (a score of Tabs) to the first card. */}
      <a
        className="lp-cat-skip"
        href={`#${RESULTS_ID}`}
        onClick={(event) => {
          event.preventDefault();
          document.getElementById(RESULTS_ID)?.focus();
        }}
      >
        {it.lawyerScreens.skipToResults}
      </a>
      <CatalogueFilters categories={categories.data?.results ?? []} loading={chipsPending} />
      <div id={RESULTS_ID} tabIndex={-1} className="lp-cat-results">
        {chipsPending ? null : (
          <CatalogueListState
            query={templates}
            emptyText={texts.templatesEmpty}
            errorText={texts.templatesLoadFailed}
            filtered={search.value !== '' || search.category !== ''}
          />
        )}
        {results.length > 0 ? (
          <section aria-label={title} className="lp-cat-grid">
            {results.map((template) => (
              <TemplateCard key={template.id} template={template} onStart={openTemplate} />
            ))}
          </section>
        ) : null}
      </div>
      <CataloguePager
        page={page}
        totalPages={templates.data?.totalPages ?? 1}
        onPageChange={setPage}
      />
      {isLexmindUser ? (
        <>
          <GenerationModeDialog
            templateName={choosingFor?.name ?? null}
            finalFocusEl={returnFocus}
            onChooseLexpath={() => {
              if (choosingFor) startDocument(choosingFor);
            }}
            onChooseLexmind={showLexmindPreview}
            onClose={() => setChoosingFor(null)}
          />
          <LexmindPreviewDialog
            open={previewOpen}
            finalFocusEl={returnFocus}
            onClose={() => setPreviewOpen(false)}
          />
        </>
      ) : null}
    </div>
  );
}
