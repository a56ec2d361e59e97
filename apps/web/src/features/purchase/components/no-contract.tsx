import { Link, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import { Link as RouterLink } from 'react-router';
import { PageTitle } from '../../../components/feedback/page-title.tsx';
import { PATHS } from '../../../lib/paths.ts';

/** A flow step opened without a document in progress (a new tab, a bookmark). */
export function NoContract({ title }: { title: string }) {
  return (
    <>
      <PageTitle>{title}</PageTitle>
      <Text color="navy.800">
        {it.web.purchase.noContract}{' '}
        <Link asChild color="navy.700" textDecoration="underline">
          <RouterLink to={PATHS.contracts}>{it.web.purchase.toContracts}</RouterLink>
        </Link>
      </Text>
    </>
  );
}
