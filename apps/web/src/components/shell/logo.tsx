import { chakra, Link } from '@chakra-ui/react';
import { itPublic } from '@lexpath/shared/messages/it-public';
import { Link as RouterLink } from 'react-router';

export interface LogoProps {
  to: string;
}

/** The text-and-mark logo; its accessible name says where it leads. */
export function Logo({ to }: LogoProps) {
  return (
    <Link
      asChild
      aria-label={itPublic.web.shell.homeLink}
      display="inline-flex"
      alignItems="center"
      gap="10"
      color="white"
      fontWeight="bold"
      textStyle="xl"
      letterSpacing="wide"
      _hover={{ textDecoration: 'none', color: 'beige.100' }}
      focusRingColor="beige.300"
    >
      <RouterLink to={to}>
        <chakra.svg viewBox="0 0 32 32" boxSize="32" aria-hidden="true">
          <rect width="32" height="32" rx="6" fill="#F7F1E7" />
          <path d="M9 7h4v14h10v4H9z" fill="#1B2C4A" />
        </chakra.svg>
        {itPublic.web.appName}
      </RouterLink>
    </Link>
  );
}
