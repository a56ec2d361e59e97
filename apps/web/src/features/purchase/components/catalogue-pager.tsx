import { it } from '@lexpath/shared/messages/it';
import { pagerSteps } from '../../../components/lists/list-logic.ts';
import { CatalogueButton } from './catalogue-button.tsx';
import './catalogue.css';

const texts = it.web.pager;

/** The catalogue's pager in plain elements (issue 13): the controls and names of Pager. */
export function CataloguePager({
  page,
  totalPages,
  onPageChange,
}: {
  page: number;
  totalPages: number;
  onPageChange(page: number): void;
}) {
  const steps = pagerSteps(page, totalPages);
  if (!steps) return null;
  const step = (label: string, enabled: boolean, to: number) => (
    <CatalogueButton
      variant="outline"
      size="sm"
      disabled={!enabled}
      onClick={() => onPageChange(to)}
    >
      {label}
    </CatalogueButton>
  );
  return (
    <nav aria-label={texts.label} className="lp-cat-pager">
      {step(texts.previous, steps.canGoBack, page - 1)}
      <p aria-live="polite" className="lp-cat-pager-text">
        {texts.page(page, totalPages)}
      </p>
      {step(texts.next, steps.canGoForward, page + 1)}
    </nav>
  );
}
