import { itPublic } from '@lexpath/shared/messages/it-public';
import { useEffect } from 'react';

/** Screen readers announce the document title on navigation; every screen sets its own. */
export function usePageTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | ${itPublic.web.appName}`;
  }, [title]);
}
