import { it } from '@lexpath/shared/messages/it';
import { itPublic } from '@lexpath/shared/messages/it-public';
import { CircleAlert } from 'lucide-react';
import { type ListQuery, listStateKind } from '../../../components/lists/list-logic.ts';
import { CatalogueButton } from './catalogue-button.tsx';
import './catalogue.css';

export interface CatalogueListStateProps {
  query: ListQuery;
  emptyText: string;
  errorText: string;
  filtered: boolean;
}

/** The catalogue's spinner, announced as «Caricamento…». */
export function CatalogueLoading() {
  return (
    <div className="lp-cat-loading" role="status">
      <span className="lp-cat-spinner" />
      <span className="lp-cat-visually-hidden">{itPublic.web.loading}</span>
    </div>
  );
}

/**
 * The catalogue's loading, error (with Riprova) and empty states in plain elements (issue 13):
 * the decisions, texts and roles of the app's ListState.
 */
export function CatalogueListState({
  query,
  emptyText,
  errorText,
  filtered,
}: CatalogueListStateProps) {
  switch (listStateKind(query, filtered)) {
    case 'loading':
      return <CatalogueLoading />;
    case 'error':
      return (
        <div className="lp-cat-alert" role="alert">
          <CircleAlert className="lp-cat-alert-icon" aria-hidden="true" />
          <div className="lp-cat-alert-content">
            <p className="lp-cat-alert-title">{errorText}</p>
            <CatalogueButton variant="outline" size="sm" onClick={() => void query.refetch()}>
              {it.web.purchase.retry}
            </CatalogueButton>
          </div>
        </div>
      );
    case 'noMatch':
      return (
        <div className="lp-cat-no-match" role="status">
          <p className="lp-cat-no-match-title">{it.web.lists.noMatch}</p>
          <p className="lp-cat-no-match-hint">{it.web.lists.noMatchHint}</p>
        </div>
      );
    case 'empty':
      return <p className="lp-cat-empty">{emptyText}</p>;
    default:
      return null;
  }
}
