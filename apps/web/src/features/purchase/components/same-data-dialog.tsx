import { Box, Dialog, Flex, HStack, Portal, Stack, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import { useQuery } from '@tanstack/react-query';
import { useId, useRef, useState } from 'react';
import { AppAlert } from '../../../components/feedback/app-alert.tsx';
import { PageLoader } from '../../../components/feedback/page-loader.tsx';
import { TextField } from '../../../components/form/text-field.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { templateQueries } from '../../../lib/template-queries.ts';
import { newIdempotencyKey, useStartFromContractMutation } from '../api.ts';

const texts = it.prefillUi;

/**
 * The templates a lawyer can start (the catalogue's published ones), searched by name: each one
 * a «Scegli» button that starts the new document with the earlier one's answers.
 */
function TemplateChoices({
  pending,
  onChoose,
}: {
  pending: string | null;
  onChoose(templateId: string): void;
}) {
  const [name, setName] = useState('');
  const [page, setPage] = useState(1);
  const list = useQuery(templateQueries.list({ page, name: name.trim(), categoryId: '' }));
  const headingId = useId();
  const results = list.data?.results ?? [];
  return (
    <Stack gap="12">
      <TextField
        label={texts.search}
        type="search"
        value={name}
        onChange={(event) => {
          setName(event.target.value);
          setPage(1);
        }}
      />
      <Text id={headingId} fontWeight="semibold" color="navy.800">
        {texts.templates}
      </Text>
      {list.isPending ? <PageLoader /> : null}
      {list.isError ? <AppAlert kind="error">{texts.templatesFailed}</AppAlert> : null}
      {list.isSuccess && results.length === 0 ? (
        <Text role="status">{texts.noTemplates}</Text>
      ) : null}
      {results.length > 0 ? (
        <Stack as="ul" aria-labelledby={headingId} gap="8" listStyleType="none">
          {results.map((template) => (
            <Flex
              as="li"
              key={template.id}
              gap="8"
              align="center"
              justify="space-between"
              borderWidth="1px"
              borderColor="navy.100"
              borderRadius="md"
              p="8"
            >
              <Text color="navy.900" minW="0" overflowWrap="anywhere">
                {template.name}
              </Text>
              <Button
                variant="outline"
                size="sm"
                flexShrink={0}
                aria-label={texts.chooseOf(template.name)}
                loading={pending === template.id}
                disabled={pending !== null && pending !== template.id}
                onClick={() => onChoose(template.id)}
              >
                {texts.choose}
              </Button>
            </Flex>
          ))}
        </Stack>
      ) : null}
      {list.data ? (
        <Pager page={page} totalPages={list.data.totalPages} onPageChange={setPage} />
      ) : null}
    </Stack>
  );
}

/**
 * «Nuovo documento con gli stessi dati» (a document of the archive, or a draft): the lawyer picks
 * a template, the new document starts with every answer of this one that the template takes, and
 * the questionnaire asks only what is missing.
 */
export function SameDataButton({
  contractId,
  title,
  size,
}: {
  contractId: string;
  title: string;
  size?: 'sm' | 'md';
}) {
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<string | null>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const start = useStartFromContractMutation();
  // One key per dialog opening: a retried click on the same template gets the same document.
  const attempt = useRef(newIdempotencyKey());

  function close() {
    if (start.isPending) return;
    setOpen(false);
    setChosen(null);
    start.reset();
  }

  return (
    <>
      <Button
        ref={opener}
        variant="outline"
        size={size}
        aria-label={texts.sameDataOf(title)}
        onClick={() => {
          attempt.current = newIdempotencyKey();
          setOpen(true);
        }}
      >
        {texts.sameData}
      </Button>
      <Dialog.Root
        open={open}
        finalFocusEl={() => opener.current}
        onOpenChange={(details) => {
          if (!details.open) close();
        }}
      >
        <Portal>
          <Dialog.Backdrop />
          <Dialog.Positioner>
            <Dialog.Content maxW="560px" mx="8">
              <Dialog.Header>
                <Dialog.Title color="navy.800">{texts.pickTitle}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="12">
                  <Dialog.Description color="navy.700">{texts.pickText}</Dialog.Description>
                  {start.isError ? (
                    <AppAlert kind="error">
                      {texts.startFailed} {errorMessage(start.error)}
                    </AppAlert>
                  ) : null}
                  <Box>
                    <TemplateChoices
                      pending={start.isPending ? chosen : null}
                      onChoose={(templateId) => {
                        if (templateId !== chosen) attempt.current = newIdempotencyKey();
                        setChosen(templateId);
                        start.mutate({
                          templateId,
                          from: contractId,
                          idempotencyKey: attempt.current,
                        });
                      }}
                    />
                  </Box>
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <HStack gap="8">
                  <Button variant="outline" onClick={close} disabled={start.isPending}>
                    {texts.close}
                  </Button>
                </HStack>
              </Dialog.Footer>
            </Dialog.Content>
          </Dialog.Positioner>
        </Portal>
      </Dialog.Root>
    </>
  );
}
