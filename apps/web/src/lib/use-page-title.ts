import { it } from '@lexpath/shared/messages/it';
import { useEffect } from 'react';

/** Screen readers announce the document title on navigation; every screen sets its own. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | ${it.web.appName}`;
  }, [title]);
}
