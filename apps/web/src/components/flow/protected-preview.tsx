import { Box, chakra, Flex, Spinner, Stack, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import { previewPagesOf } from '@lexpath/shared/preview-pages';
import type { UseQueryResult } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { errorMessage } from '../../lib/api-client.ts';
import { AppAlert } from '../feedback/app-alert.tsx';
import { Button } from '../ui/button.tsx';

const texts = it.web.purchase;
const FRAME_HEIGHT = '75vh';

/** What the preview shows once its PDF is here. */
type Shown =
  | { kind: 'pages'; pages: { url: string; width: number; height: number }[] }
  | { kind: 'frame'; url: string };

/**
 * The preview's pages as pictures (object URLs, revoked when the PDF changes or the screen
 * goes); the PDF itself, in the browser's viewer, when it is not made of page pictures or the
 * pictures cannot be drawn here (a browser without CompressionStream): still a preview.
 */
function useShownPreview(blob: Blob | undefined): Shown | null {
  const [shown, setShown] = useState<Shown | null>(null);
  useEffect(() => {
    setShown(null);
    if (!blob) return;
    let current = true;
    const urls: string[] = [];
    const remember = (url: string) => {
      urls.push(url);
      return url;
    };
    const frame = (): Shown => ({ kind: 'frame', url: remember(URL.createObjectURL(blob)) });
    previewPagesOf(blob)
      .then((pages) => {
        if (!current) return;
        setShown(
          pages
            ? {
                kind: 'pages',
                pages: pages.map(({ png, width, height }) => ({
                  url: remember(URL.createObjectURL(png)),
                  width,
                  height,
                })),
              }
            : frame(),
        );
      })
      .catch(() => {
        if (current) setShown(frame());
      });
    return () => {
      current = false;
      for (const url of urls) URL.revokeObjectURL(url);
    };
  }, [blob]);
  return shown;
}

/**
 * The protected preview: the pages as the server drew them, pictures with the watermark and no
 * text, each an image in a scrolling box, with their loading and failure states. The lawyer's
 * preview and the staff's try-out show it alike; `note` says what the reader may do with it.
 */
export function ProtectedPreview({
  preview,
  note = texts.previewProtected,
}: {
  preview: UseQueryResult<Blob>;
  note?: string;
}) {
  const noteId = useId();
  const shown = useShownPreview(preview.data);
  const preparing = preview.isPending || (preview.isSuccess && !shown);
  return (
    <>
      <Text id={noteId} mb="8" textStyle="sm" color="navy.700">
        {note}
      </Text>
      {/* The preview's room is kept while it loads or fails: a button below it never moves
          under the pointer as the pages arrive. */}
      <Box height={FRAME_HEIGHT}>
        {preparing ? (
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
        {shown?.kind === 'pages' ? (
          // A region the keyboard can reach and scroll with the arrows, named as the frame was.
          <Stack
            role="region"
            aria-label={texts.previewFrame}
            aria-describedby={noteId}
            tabIndex={0}
            height="100%"
            overflowY="auto"
            gap="12"
            p="12"
            bg="beige.200"
            border="1px solid"
            borderColor="beige.300"
          >
            {shown.pages.map((page, index) => (
              <chakra.img
                key={page.url}
                src={page.url}
                alt={it.lawyerScreens.previewPage(index + 1, shown.pages.length)}
                htmlWidth={page.width}
                htmlHeight={page.height}
                maxW="100%"
                h="auto"
                mx="auto"
                bg="white"
                boxShadow="sm"
                draggable={false}
              />
            ))}
          </Stack>
        ) : null}
        {shown?.kind === 'frame' ? (
          <chakra.iframe
            title={texts.previewFrame}
            aria-describedby={noteId}
            // The browser's PDF viewer without its toolbar: no download or print button of ours.
            src={`${shown.url}#toolbar=0&navpanes=0`}
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
