import { Center, Spinner, VisuallyHidden } from '@chakra-ui/react';
import { itPublic } from '@lexpath/shared/messages/it-public';

/** Shown while a route's code or data loads. */
export function PageLoader() {
  return (
    <Center minH="200" role="status">
      <Spinner size="lg" color="navy.700" />
      <VisuallyHidden>{itPublic.web.loading}</VisuallyHidden>
    </Center>
  );
}
