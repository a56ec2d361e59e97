import { Link } from '@chakra-ui/react';
import { itPublic } from '@lexpath/shared/messages/it-public';

export const MAIN_CONTENT_ID = 'contenuto-principale';

/** First tab stop: jumps past the header and menus (hidden until focused). */
export function SkipLink() {
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      position="absolute"
      left="8"
      top="-100"
      zIndex="skipNav"
      bg="white"
      color="navy.800"
      px="16"
      py="8"
      borderRadius="md"
      fontWeight="semibold"
      _focus={{ top: '8' }}
    >
      {itPublic.web.shell.skipToContent}
    </Link>
  );
}
