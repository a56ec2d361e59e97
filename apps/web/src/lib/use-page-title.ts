import { itPublic } from '@lexpath/shared/messages/it-public';
import { useEffect } from 'react';

/** Screen readers announce the document title on navigation; every screen sets its own. */
export function setPageTitle(title: string): void {
  document.title = `${title} | ${itPublic.web.appName}`;
}

/** Sets the screen's title when it shows (and when `title` changes). */
export function usePageTitle(title: string): void {
  useEffect(() => setPageTitle(title), [title]);
}
