import { Box, Heading, Link, Text } from '@chakra-ui/react';
import { itPublic } from '@lexpath/shared/messages/it-public';
import { isRouteErrorResponse, Link as RouterLink, useRouteError } from 'react-router';
import { PATHS } from '../../lib/paths.ts';

function describe(error: unknown): string {
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return String(error);
}

/** SPEC §8 fallback: 'Unexpected Application Error' with the status line or the message
 * (404 for an address no route matches). */
export function RouteErrorPage() {
  const error = useRouteError();
  return (
    <Box as="main" maxW="720px" mx="auto" px="24" py="48">
      <Heading as="h1" textStyle="3xl" color="navy.800" mb="16">
        {itPublic.web.routeError.title}
      </Heading>
      <Text as="h2" textStyle="xl" fontWeight="semibold" mb="24">
        {describe(error)}
      </Text>
      <Link asChild color="navy.700" textDecoration="underline">
        <RouterLink to={PATHS.root}>{itPublic.web.routeError.home}</RouterLink>
      </Link>
    </Box>
  );
}
