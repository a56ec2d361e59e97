import { it } from '@lexpath/shared/messages/it';
import type { TCategory } from '@lexpath/shared/schemas/categories';
import { useSearchFilters } from '../../../components/lists/list-logic.ts';
import { CatalogueButton } from './catalogue-button.tsx';
import { CatalogueLoading } from './catalogue-list-state.tsx';
import './catalogue.css';

const texts = it.web.purchase;

/**
 * The catalogue's search box and category chips in plain elements (issue 13); the same
 * behaviour as the app's ListFilters, through the same hook. Until the categories come
 * (`loading`), the spinner stands where the chips will be: drawn below them, it was pushed
 * down by their rows when they came (a layout shift of 0.08 on a phone in Lighthouse).
 */
export function CatalogueFilters({
  categories,
  loading = false,
}: {
  categories: readonly TCategory[];
  loading?: boolean;
}) {
  const filters = useSearchFilters();
  const chip = (id: string, name: string) => (
    <CatalogueButton
      key={id}
      variant="chip"
      size="xs"
      aria-pressed={filters.category === id}
      onClick={() => filters.chooseCategory(id)}
    >
      {name}
    </CatalogueButton>
  );
  return (
    <div className="lp-cat-filters">
      {/* biome-ignore lint/a11y/useSemanticElements: <search> is still unknown to some engines (happy-dom, older Safari) */}
      <form role="search" className="lp-cat-search" onSubmit={filters.apply}>
        <div className="lp-cat-search-row">
          <input {...filters.searchBox} className="lp-cat-search-input" />
          <CatalogueButton type="submit" variant="primary" size="sm">
            {texts.searchButton}
          </CatalogueButton>
        </div>
      </form>
      {loading ? (
        <CatalogueLoading />
      ) : (
        <fieldset aria-label={texts.categories} className="lp-cat-chips">
          {chip('', texts.allCategories)}
          {categories.map((category) => chip(category.id, category.name))}
        </fieldset>
      )}
    </div>
  );
}
