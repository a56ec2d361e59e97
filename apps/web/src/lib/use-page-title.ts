import { itPublic } from '@lexpath/shared/messages/it-public';
import { useEffect } from 'react';

/** A screen's document title: its own, then the app's name. */
export function pageTitle(title: string): string {
  return `${title} | ${itPublic.web.appName}`;
}

/** Screen readers announce the document title on navigation; every screen sets its own. */
export function setPageTitle(title: string): void {
  document.title = pageTitle(title);
}

/** Sets the screen's title when it shows (and when `title` changes). */
export function usePageTitle(title: string): void {
  useEffect(() => setPageTitle(title), [title]);
}
