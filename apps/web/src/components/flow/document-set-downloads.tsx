import { Box, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import type { TContractDetail } from '@lexpath/shared/schemas/contracts';
import { useId } from 'react';
import { useDownloadContractMutation } from '../../lib/contract-download.ts';
import { Button } from '../ui/button.tsx';

const texts = it.documentSetsUi;

type SetDocument = NonNullable<TContractDetail['documents']>[number];

/**
 * A bought document set (DESIGN §15): each document by name with its own «Scarica» (.docx), and
 * the whole set as one .zip. Nothing for a template of one document: its buttons say it all.
 */
export function DocumentSetDownloads({
  contractId,
  documents = [],
}: {
  contractId: string;
  documents?: readonly SetDocument[];
}) {
  const headingId = useId();
  const download = useDownloadContractMutation();
  const downloadAll = useDownloadContractMutation('zip');
  if (documents.length < 2) return null;
  const pendingDocument =
    download.isPending && typeof download.variables === 'object'
      ? download.variables.document
      : undefined;
  return (
    <Box as="section" aria-labelledby={headingId} bg="white" maxW="560px" mb="24" p="16">
      <Heading as="h2" id={headingId} textStyle="lg" color="navy.800" mb="8">
        {texts.setHeading}
      </Heading>
      <Text mb="12">{texts.setIntro(documents.length)}</Text>
      <Stack as="ol" gap="8" listStyleType="none" ms="0">
        {documents.map((document) => (
          <Flex
            as="li"
            key={document.position}
            gap="8"
            align="center"
            justify="space-between"
            wrap="wrap"
          >
            <Text fontWeight="semibold" minW="0" overflowWrap="anywhere">
              {document.position}. {document.name}
            </Text>
            <Button
              variant="outline"
              size="sm"
              aria-label={texts.downloadName(document.name)}
              loading={pendingDocument === document.position}
              disabled={download.isPending}
              onClick={() => download.mutate({ id: contractId, document: document.position })}
            >
              {texts.download}
            </Button>
          </Flex>
        ))}
      </Stack>
      <Box mt="16">
        <Button
          variant="primary"
          loading={downloadAll.isPending}
          onClick={() => downloadAll.mutate(contractId)}
        >
          {texts.downloadAll}
        </Button>
      </Box>
    </Box>
  );
}
