import { itPublic } from '@lexpath/shared/messages/it-public';
import type { TRole } from '@lexpath/shared/roles';
import { ExternalLink } from 'lucide-react';
import { useAppConfig } from '../../lib/app-config.ts';
import { PageLink } from '../../lib/page-navigation.tsx';
import { useCategorySearchStore } from '../../lib/storage.ts';
import { menuItemsFor, showsFaqLink } from './menu-items.ts';

export interface MenuEntriesProps {
  role: TRole;
  /** Extra work on click, e.g. closing the mobile menu. */
  onNavigate?: () => void;
  /** The mobile menu's entries are 56px tall, the sidebar's 44px. */
  large?: boolean;
}

/** The role's menu entries and the FAQ link; following one clears the category search. */
export function MenuEntries({ role, onNavigate, large = false }: MenuEntriesProps) {
  const faqUrl = useAppConfig()?.faqUrl;
  const resetSearch = useCategorySearchStore((state) => state.reset);

  const handleClick = () => {
    resetSearch();
    onNavigate?.();
  };

  return (
    <ul className={large ? 'lp-shell-entries lp-shell-entries-large' : 'lp-shell-entries'}>
      {menuItemsFor(role).map((item) => (
        <li key={item.to}>
          <PageLink to={item.to} markCurrent className="lp-shell-entry" onClick={handleClick}>
            {item.label}
          </PageLink>
        </li>
      ))}
      {showsFaqLink(role) && faqUrl ? (
        <li>
          <a
            className="lp-shell-entry"
            href={faqUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${itPublic.web.shell.faq} ${itPublic.web.shell.opensInNewTab}`}
          >
            {itPublic.web.shell.faq}
            <ExternalLink aria-hidden size={16} />
          </a>
        </li>
      ) : null}
    </ul>
  );
}
