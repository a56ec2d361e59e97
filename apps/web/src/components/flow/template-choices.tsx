import { Flex, Stack, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { templateQueries } from '../../lib/template-queries.ts';
import { AppAlert } from '../feedback/app-alert.tsx';
import { PageLoader } from '../feedback/page-loader.tsx';
import { TextField } from '../form/text-field.tsx';
import { Button } from '../ui/button.tsx';
import { Pager } from '../ui/pager.tsx';

const texts = it.prefillUi;

/**
 * The templates a lawyer can start (the catalogue's published ones), searched by name: each one
 * a «Scegli» button that starts the new document (with an earlier one's answers, or a client's).
 */
export function TemplateChoices({
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
