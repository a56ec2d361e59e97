import { Badge, Box, HStack, Input, NativeSelect, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import type { TTemplateCard } from '@lexpath/shared/schemas/templates';
import {
  TEMPLATE_STATUS,
  TEMPLATE_STATUS_VALUES,
  type TTemplateStatus,
} from '@lexpath/shared/statuses';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog.tsx';
import { DeleteConfirmDialog } from '../../../components/feedback/delete-confirm-dialog.tsx';
import { PageTitle } from '../../../components/feedback/page-title.tsx';
import { type DataColumn, DataTable } from '../../../components/lists/data-table.tsx';
import { ListState } from '../../../components/lists/list-states.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { categoryQueries } from '../../../lib/category-queries.ts';
import { formatListDate } from '../../../lib/format.ts';
import { PATHS } from '../../../lib/paths.ts';
import { emptyNewContract, useNewContractStore } from '../../../lib/storage.ts';
import { templateQueries } from '../../../lib/template-queries.ts';
import { notifyFailure } from '../../../lib/toaster.ts';
import {
  blanksConfirmationText,
  isBlanksConfirmation,
  useDeleteTemplateMutation,
  useTemplateStatusMutation,
} from '../api.ts';
import { loadTemplateIntoDraft } from '../draft.ts';

const texts = it.web.templatesAdmin;

/** SPEC §2 Titolo, Editor, Data e ora di creazione, plus the status the actions depend on. */
const columns: DataColumn<TTemplateCard>[] = [
  { key: 'title', header: texts.title, cell: (template) => template.name },
  {
    key: 'editor',
    header: texts.editor,
    cell: (template) => `${template.userId.name} ${template.userId.surname}`,
  },
  {
    key: 'createdAt',
    header: texts.createdAt,
    cell: (template) => formatListDate(template.createdAt),
  },
  {
    key: 'status',
    header: texts.status,
    cell: (template) => (
      <Badge colorPalette={template.status === TEMPLATE_STATUS.published ? 'green' : 'gray'}>
        {texts.statusNames[template.status]}
      </Badge>
    ),
  },
];

/** SPEC §2 templates created: search, category filter, the table and its row actions. */
export function TemplatesScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [typed, setTyped] = useState('');
  const [name, setName] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [status, setStatus] = useState<TTemplateStatus | ''>('');
  const [toDelete, setToDelete] = useState<TTemplateCard | null>(null);
  /** A publication the server asked to confirm: the master still holds blanks. */
  const [withBlanks, setWithBlanks] = useState<{ id: string; text: string } | null>(null);
  const templates = useQuery(templateQueries.list({ page, name, categoryId, status }));
  const categories = useQuery(categoryQueries.all());
  const statusChange = useTemplateStatusMutation();
  const deletion = useDeleteTemplateMutation();
  const setContract = useNewContractStore((state) => state.set);

  const applySearch = (value: string) => {
    setName(value.trim());
    setPage(1);
  };

  const tryOut = (template: TTemplateCard) => {
    setContract({
      ...emptyNewContract,
      type: template.id,
      title: template.name,
      maxQuestions: template.max_questions ?? 0,
    });
    void navigate(`${PATHS.templateQuestionnaire}?id=${encodeURIComponent(template.id)}`);
  };

  const edit = async (template: TTemplateCard) => {
    try {
      const detail = await queryClient.fetchQuery(templateQueries.detail(template.id));
      loadTemplateIntoDraft(detail);
      void navigate(`${PATHS.newTemplate}?id=${encodeURIComponent(template.id)}`);
    } catch (error) {
      notifyFailure(error);
    }
  };

  let content = (
    <ListState
      query={templates}
      emptyText={texts.empty}
      errorText={texts.loadFailed}
      filtered={name !== '' || categoryId !== '' || status !== ''}
    />
  );
  if (templates.data && templates.data.results.length > 0) {
    content = (
      <>
        <DataTable
          caption={texts.caption}
          rows={templates.data.results}
          rowKey={(template) => template.id}
          columns={columns}
          actions={{
            header: texts.actions,
            cell: (template) => {
              const published = template.status === TEMPLATE_STATUS.published;
              const pending = statusChange.isPending && statusChange.variables?.id === template.id;
              return (
                <HStack gap="8" wrap="wrap">
                  <Button
                    size="xs"
                    variant={published ? 'outline' : 'primary'}
                    disabled={pending}
                    onClick={() =>
                      statusChange.mutate(
                        {
                          id: template.id,
                          status: published ? TEMPLATE_STATUS.suspended : TEMPLATE_STATUS.published,
                        },
                        {
                          onError: (error) => {
                            if (!isBlanksConfirmation(error)) return;
                            setWithBlanks({ id: template.id, text: blanksConfirmationText(error) });
                          },
                        },
                      )
                    }
                  >
                    {published ? texts.suspend : texts.publish}
                  </Button>
                  <Button size="xs" variant="secondary" onClick={() => tryOut(template)}>
                    {texts.tryOut}
                  </Button>
                  <Button size="xs" variant="secondary" onClick={() => void edit(template)}>
                    {texts.edit}
                  </Button>
                  <Button size="xs" variant="outline" onClick={() => setToDelete(template)}>
                    {texts.delete}
                  </Button>
                </HStack>
              );
            },
          }}
        />
        <Pager page={page} totalPages={templates.data.totalPages} onPageChange={setPage} />
      </>
    );
  }

  return (
    <>
      <PageTitle>{it.web.titles.templates}</PageTitle>
      <HStack gap="12" mb="24" wrap="wrap" align="flex-end">
        <HStack
          as="form"
          role="search"
          gap="8"
          maxW="full"
          onSubmit={(event) => {
            event.preventDefault();
            applySearch(typed);
          }}
        >
          <Input
            aria-label={texts.search}
            placeholder={texts.search}
            type="search"
            w="320px"
            maxW="full"
            minW="0"
            bg="white"
            value={typed}
            onChange={(event) => {
              setTyped(event.target.value);
              if (event.target.value === '') applySearch('');
            }}
          />
          <Button type="submit" variant="secondary">
            {texts.searchButton}
          </Button>
        </HStack>
        <Box w="260px" maxW="full">
          <NativeSelect.Root>
            <NativeSelect.Field
              aria-label={texts.category}
              bg="white"
              value={categoryId}
              onChange={(event) => {
                setCategoryId(event.target.value);
                setPage(1);
              }}
            >
              <option value="">{texts.selectCategory}</option>
              {(categories.data?.results ?? []).map((category) => (
                <option key={category.id} value={category.id}>
                  {category.name}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Box>
        <Box w="200px" maxW="full">
          <NativeSelect.Root>
            <NativeSelect.Field
              aria-label={texts.statusFilter}
              bg="white"
              value={status}
              onChange={(event) => {
                setStatus(event.target.value as TTemplateStatus | '');
                setPage(1);
              }}
            >
              <option value="">{texts.allStatuses}</option>
              {TEMPLATE_STATUS_VALUES.map((value) => (
                <option key={value} value={value}>
                  {texts.statusNames[value]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Box>
        <Button variant="primary" onClick={() => void navigate(PATHS.newTemplate)}>
          {texts.newTemplate}
        </Button>
      </HStack>
      {content}
      <ConfirmDialog
        open={withBlanks !== null}
        title={it.documents.blanks.publishTitle}
        confirmLabel={it.documents.blanks.publishAnyway}
        pending={statusChange.isPending}
        onClose={() => setWithBlanks(null)}
        onConfirm={() => {
          if (!withBlanks) return;
          statusChange.mutate(
            { id: withBlanks.id, status: TEMPLATE_STATUS.published, confirmBlanks: true },
            { onSettled: () => setWithBlanks(null) },
          );
        }}
      >
        <Text>{withBlanks?.text}</Text>
      </ConfirmDialog>
      <DeleteConfirmDialog
        item={toDelete}
        title={texts.deleteTitle}
        text={texts.deleteText}
        pending={deletion.isPending}
        onClose={() => setToDelete(null)}
        onConfirm={(item) => deletion.mutate(item.id, { onSettled: () => setToDelete(null) })}
      />
    </>
  );
}
