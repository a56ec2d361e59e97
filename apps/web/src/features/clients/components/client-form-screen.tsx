import { Box, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import type { TClient, TClientInput } from '@lexpath/shared/schemas/clients';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { AppAlert } from '../../../components/feedback/app-alert.tsx';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog.tsx';
import { PageLoader } from '../../../components/feedback/page-loader.tsx';
import { PageTitle } from '../../../components/feedback/page-title.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { errorMessage } from '../../../lib/api-client.ts';
import { clientQueries } from '../../../lib/client-queries.ts';
import { PATHS } from '../../../lib/paths.ts';
import { toaster } from '../../../lib/toaster.ts';
import { useDeleteClientMutation, useExportClientMutation, useSaveClientMutation } from '../api.ts';
import { ClientForm } from './client-form.tsx';
import { NewDocumentForClient } from './new-document-for-client.tsx';

const texts = it.clientRegister;

function BackLink() {
  return (
    <Box mb="16">
      <Link asChild color="navy.700" textDecoration="underline">
        <RouterLink to={PATHS.clients}>{texts.back}</RouterLink>
      </Link>
    </Box>
  );
}

function useSaveAndReturn(id: string | undefined, done: string) {
  const navigate = useNavigate();
  const mutation = useSaveClientMutation(id);
  const save = async (input: TClientInput) => {
    await mutation.mutateAsync(input);
    toaster.create({ type: 'success', title: it.toast.successTitle, description: done });
    await navigate(PATHS.clients);
  };
  return { save, pending: mutation.isPending };
}

/** «Nuovo cliente»: the form, then back to the list with a toast. */
export function NewClientScreen() {
  const { save, pending } = useSaveAndReturn(undefined, texts.created);
  return (
    <Box maxW="800px" minW="0">
      <BackLink />
      <PageTitle>{texts.newTitle}</PageTitle>
      <ClientForm pending={pending} onSave={save} />
    </Box>
  );
}

/** «Esporta» (the JSON download) and «Elimina» (after a confirmation) for one client. */
function ClientActions({ client }: { client: TClient }) {
  const navigate = useNavigate();
  const exporter = useExportClientMutation();
  const remover = useDeleteClientMutation();
  const [confirming, setConfirming] = useState(false);
  const deleteButton = useRef<HTMLButtonElement | null>(null);

  const confirmDelete = () =>
    remover.mutate(client.id, {
      onSuccess: () => {
        setConfirming(false);
        toaster.create({
          type: 'success',
          title: it.toast.successTitle,
          description: texts.deleted,
        });
        void navigate(PATHS.clients);
      },
      // The failure toast (the server's Italian message) comes from the query client.
      onError: () => setConfirming(false),
    });

  return (
    <Stack gap="8" mb="24">
      <HStack gap="12" wrap="wrap">
        <NewDocumentForClient client={client} />
        <Button
          variant="secondary"
          loading={exporter.isPending}
          onClick={() => exporter.mutate(client)}
        >
          {texts.export}
        </Button>
        <Button
          ref={deleteButton}
          variant="outline"
          colorPalette="red"
          onClick={() => setConfirming(true)}
        >
          {texts.delete}
        </Button>
      </HStack>
      <Text role="status" textStyle="sm" color="navy.700">
        {exporter.data ? texts.exported(exporter.data) : ''}
      </Text>
      <ConfirmDialog
        open={confirming}
        title={texts.deleteTitle}
        confirmLabel={texts.deleteConfirm}
        danger
        pending={remover.isPending}
        finalFocusEl={() => deleteButton.current}
        onClose={() => setConfirming(false)}
        onConfirm={confirmDelete}
      >
        {texts.deleteText(client.nome_visualizzato)}
      </ConfirmDialog>
    </Stack>
  );
}

/** «Modifica cliente»: export, erase, and the form with the stored data. */
export function EditClientScreen({ id }: { id: string }) {
  const client = useQuery({ ...clientQueries.detail(id), meta: { silent: true } });
  const { save, pending } = useSaveAndReturn(id, texts.saved);

  let body: React.ReactNode;
  if (client.isPending) body = <PageLoader />;
  else if (client.isError) {
    body = (
      <AppAlert kind="error" title={texts.loadOneFailed}>
        <Text>{errorMessage(client.error)}</Text>
        <Button variant="outline" size="sm" mt="8" onClick={() => void client.refetch()}>
          {texts.retry}
        </Button>
      </AppAlert>
    );
  } else {
    body = (
      <>
        <Text color="navy.700" mb="16" overflowWrap="anywhere">
          {client.data.nome_visualizzato}
        </Text>
        <ClientActions client={client.data} />
        <ClientForm
          key={client.data.updatedAt}
          client={client.data}
          pending={pending}
          onSave={save}
        />
      </>
    );
  }
  return (
    <Box maxW="800px" minW="0">
      <BackLink />
      <PageTitle>{texts.editTitle}</PageTitle>
      {body}
    </Box>
  );
}
