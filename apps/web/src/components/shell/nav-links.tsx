import { Link, Stack } from '@chakra-ui/react';
import { itPublic } from '@lexpath/shared/messages/it-public';
import type { TRole } from '@lexpath/shared/roles';
import { ExternalLink } from 'lucide-react';
import { NavLink } from 'react-router';
import { useAppConfig } from '../../lib/app-config.ts';
import { useCategorySearchStore } from '../../lib/storage.ts';
import { menuItemsFor, showsFaqLink } from './menu-items.ts';

export interface NavLinksProps {
  role: TRole;
  /** Extra work on click, e.g. closing the drawer. */
  onNavigate?: () => void;
  size: 'sidebar' | 'drawer';
}

/** The role's menu entries and the FAQ link; following one clears the category search. */
export function NavLinks({ role, onNavigate, size }: NavLinksProps) {
  const faqUrl = useAppConfig()?.faqUrl;
  const resetSearch = useCategorySearchStore((state) => state.reset);
  const itemStyle = {
    display: 'flex',
    alignItems: 'center',
    gap: '8',
    px: '16',
    minH: size === 'drawer' ? '56' : '44',
    textStyle: size === 'drawer' ? 'lg' : 'md',
    color: 'navy.800',
    borderRadius: 'md',
    fontWeight: 'medium',
    _hover: { bg: 'beige.200', textDecoration: 'none' },
  } as const;

  const handleClick = () => {
    resetSearch();
    onNavigate?.();
  };

  return (
    <Stack as="ul" gap="4" listStyleType="none" m="0" p="0">
      {menuItemsFor(role).map((item) => (
        <li key={item.to}>
          <Link
            asChild
            {...itemStyle}
            _currentPage={{ bg: 'navy.700', color: 'white', _hover: { bg: 'navy.800' } }}
          >
            <NavLink to={item.to} onClick={handleClick}>
              {item.label}
            </NavLink>
          </Link>
        </li>
      ))}
      {showsFaqLink(role) && faqUrl ? (
        <li>
          <Link
            href={faqUrl}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={`${itPublic.web.shell.faq} ${itPublic.web.shell.opensInNewTab}`}
            {...itemStyle}
          >
            {itPublic.web.shell.faq}
            <ExternalLink aria-hidden size={16} />
          </Link>
        </li>
      ) : null}
    </Stack>
  );
}
