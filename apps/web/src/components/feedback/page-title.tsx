import { Heading } from '@chakra-ui/react';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** The screen's h1, also used as the document title. */
export function PageTitle({ children }: { children: string }) {
  usePageTitle(children);
  return (
    <Heading as="h1" textStyle="3xl" color="navy.800" mb="24">
      {children}
    </Heading>
  );
}
