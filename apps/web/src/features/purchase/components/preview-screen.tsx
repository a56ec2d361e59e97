import { Box, Flex } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { AppAlert } from '../../../components/feedback/app-alert.tsx';
import { PageTitle } from '../../../components/feedback/page-title.tsx';
import { DocumentChooser } from '../../../components/flow/document-chooser.tsx';
import { ProtectedPreview } from '../../../components/flow/protected-preview.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { contractQueries } from '../../../lib/contract-queries.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useNewContractStore } from '../../../lib/storage.ts';
import { NoContract } from './no-contract.tsx';

const texts = it.web.purchase;

/**
 * The generated PDF (SPEC §2), the cross-reference warning and the way to the cart. The PDF is
 * the protected preview (issue 11): page pictures, shown without the viewer's toolbar.
 */
export function PreviewScreen() {
  const navigate = useNavigate();
  const contract = useNewContractStore((state) => state.value);
  const [document, setDocument] = useState(1);
  // A document set previews each of its documents; the detail says which there are.
  const detail = useQuery({ ...contractQueries.detail(contract.id), enabled: contract.id !== '' });
  const documents = detail.data?.documents ?? [];
  const preview = useQuery({
    ...contractQueries.preview(contract.id, document),
    enabled: contract.id !== '',
  });

  if (contract.id === '') return <NoContract title={it.web.titles.preview} />;

  return (
    <>
      <PageTitle>{it.web.titles.preview}</PageTitle>
      <Box mb="16">
        <AppAlert kind="info">{texts.previewWarning}</AppAlert>
      </Box>
      {documents.length > 1 ? (
        <DocumentChooser documents={documents} current={document} onChoose={setDocument} />
      ) : null}
      <ProtectedPreview preview={preview} />
      <Flex justify="flex-end" mt="16">
        <Button variant="primary" onClick={() => navigate(PATHS.cart)}>
          {texts.toCart}
        </Button>
      </Flex>
    </>
  );
}
