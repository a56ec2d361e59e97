import { Box, chakra, Flex, Spinner, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { AppAlert } from '../feedback/app-alert.tsx';
import { Button } from '../ui/button.tsx';

const texts = it.web.purchase;
const FRAME_HEIGHT = '75vh';

/** An object URL for the blob, revoked when the blob changes or the screen goes. */
function useObjectUrl(blob: Blob | undefined): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!blob) return;
    const created = URL.createObjectURL(blob);
    setUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [blob]);
  return url;
}

/**
 * The protected preview (issue 11): a PDF of page pictures, shown in the page without the
 * viewer's toolbar, with its loading and failure states. The lawyer's preview and the staff's
 * try-out show it alike; `note` says what the reader may do with it.
 */
export function ProtectedPreview({
  preview,
  note = texts.previewProtected,
}: {
  preview: UseQueryResult<Blob>;
  note?: string;
}) {
  const noteId = useId();
  const url = useObjectUrl(preview.data);
  return (
    <>
      <Text id={noteId} mb="8" textStyle="sm" color="navy.700">
        {note}
      </Text>
      {/* The frame's room is kept while the PDF loads or fails: a button below it never moves
          under the pointer as the preview arrives (a click aimed at «Vai al carrello» hit the
          frame). */}
      <Box height={FRAME_HEIGHT}>
        {preview.isPending ? (
          // Said in words, not only a spinner: a long contract's first preview takes seconds.
          <Flex role="status" height="100%" align="center" justify="center" gap="12">
            <Spinner size="lg" color="navy.700" />
            <Text>{texts.previewPreparing}</Text>
          </Flex>
        ) : null}
        {preview.isError ? (
          <AppAlert kind="error" title={texts.previewLoadFailed}>
            {errorMessage(preview.error)}
            <Box mt="8">
              <Button variant="outline" size="sm" onClick={() => void preview.refetch()}>
                {texts.retry}
              </Button>
            </Box>
          </AppAlert>
        ) : null}
        {url ? (
          <chakra.iframe
            title={texts.previewFrame}
            aria-describedby={noteId}
            // The browser's PDF viewer without its toolbar: no download or print button of ours
            // (the pages are pictures anyway: nothing to copy).
            src={`${url}#toolbar=0&navpanes=0`}
            width="100%"
            height="100%"
            border="1px solid"
            borderColor="beige.300"
            bg="white"
          />
        ) : null}
      </Box>
    </>
  );
}
