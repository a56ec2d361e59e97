import { HStack } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import { ROLES } from '@lexpath/shared/roles';
import type { TCategory } from '@lexpath/shared/schemas/categories';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { DeleteConfirmDialog } from '../../../components/feedback/delete-confirm-dialog.tsx';
import { PageTitle } from '../../../components/feedback/page-title.tsx';
import { type DataColumn, DataTable } from '../../../components/lists/data-table.tsx';
import { ListState } from '../../../components/lists/list-states.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Pager } from '../../../components/ui/pager.tsx';
import { categoryQueries } from '../../../lib/category-queries.ts';
import { PATHS } from '../../../lib/paths.ts';
import { useNewCategoryStore, useSessionStore } from '../../../lib/storage.ts';
import { useDeleteCategoryMutation } from '../api.ts';

const texts = it.web.categoriesAdmin;

const columns: DataColumn<TCategory>[] = [
  { key: 'name', header: texts.name, cell: (category) => category.name },
];

/** SPEC §2 categories: the list; admins edit and delete, editors only read. */
export function CategoriesScreen() {
  const [page, setPage] = useState(1);
  const [toDelete, setToDelete] = useState<TCategory | null>(null);
  const categories = useQuery(categoryQueries.list(page));
  const deletion = useDeleteCategoryMutation();
  const canWrite = useSessionStore((state) => state.user?.role === ROLES.admin);
  const setNewCategory = useNewCategoryStore((state) => state.set);
  const navigate = useNavigate();

  const edit = (category: TCategory) => {
    setNewCategory({ id: category.id, name: category.name });
    void navigate(`${PATHS.newCategory}?id=${encodeURIComponent(category.id)}`);
  };

  let content = (
    <ListState query={categories} emptyText={texts.empty} errorText={texts.loadFailed} />
  );
  if (categories.data && categories.data.results.length > 0) {
    content = (
      <>
        <DataTable
          caption={it.web.titles.categories}
          rows={categories.data.results}
          rowKey={(category) => category.id}
          columns={columns}
          actions={
            canWrite
              ? {
                  header: texts.actions,
                  cell: (category) => (
                    <HStack gap="8">
                      <Button
                        size="xs"
                        variant="secondary"
                        aria-label={`${texts.edit} ${category.name}`}
                        onClick={() => edit(category)}
                      >
                        {texts.edit}
                      </Button>
                      <Button
                        size="xs"
                        variant="outline"
                        aria-label={`${texts.delete} ${category.name}`}
                        onClick={() => setToDelete(category)}
                      >
                        {texts.delete}
                      </Button>
                    </HStack>
                  ),
                }
              : undefined
          }
        />
        <Pager page={page} totalPages={categories.data.totalPages} onPageChange={setPage} />
      </>
    );
  }

  return (
    <>
      <PageTitle>{it.web.titles.categories}</PageTitle>
      {content}
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
