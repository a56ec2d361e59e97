import { Box, chakra, Flex, Spinner, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { AppAlert } from '../../../components/feedback/app-alert.tsx';
import { PageTitle } from '../../../components/feedback/page-title.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { contractQueries } from '../../../lib/contract-queries.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useNewContractStore } from '../../../lib/storage.ts';
import { NoContract } from './no-contract.tsx';

const texts = it.web.purchase;
const PROTECTED_NOTE_ID = 'preview-protected-note';
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
 * The generated PDF (SPEC §2), the cross-reference warning and the way to the cart. The PDF is
 * the protected preview (issue 11): page pictures, shown without the viewer's toolbar.
 */
export function PreviewScreen() {
  const navigate = useNavigate();
  const contract = useNewContractStore((state) => state.value);
  const preview = useQuery({
    ...contractQueries.preview(contract.id),
    enabled: contract.id !== '',
  });
  const url = useObjectUrl(preview.data);

  if (contract.id === '') return <NoContract title={it.web.titles.preview} />;

  return (
    <>
      <PageTitle>{it.web.titles.preview}</PageTitle>
      <Box mb="16">
        <AppAlert kind="info">{texts.previewWarning}</AppAlert>
      </Box>
      <Text id={PROTECTED_NOTE_ID} mb="8" textStyle="sm" color="navy.700">
        {texts.previewProtected}
      </Text>
      {/* The frame's room is kept while the PDF loads or fails: «Vai al carrello» below it never
          moves under the pointer as the preview arrives (a click aimed at it hit the frame). */}
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
            aria-describedby={PROTECTED_NOTE_ID}
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
      <Flex justify="flex-end" mt="16">
        <Button variant="primary" onClick={() => navigate(PATHS.cart)}>
          {texts.toCart}
        </Button>
      </Flex>
    </>
  );
}
