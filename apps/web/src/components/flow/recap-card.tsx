import { Badge, Box, Card, chakra, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { type AnswerRules, formatItalian, isChoice, itemLabel } from '@lexpath/shared/answer-types';
import { it } from '@lexpath/shared/messages/it';
import type { TAnswerValue, TListItem } from '@lexpath/shared/schemas/questions';
import { formatAnswer } from '../../lib/format.ts';
import { Button } from '../ui/button.tsx';

type AskedRules = AnswerRules & { fields?: readonly (AnswerRules & { question?: string })[] };

export interface RecapCardProps {
  question: string;
  answer: TAnswerValue;
  /** The question's type and what it needs, when known: the answer is shown in Italian. */
  rules?: AskedRules;
  /** Present on the summary: the answer can be changed. */
  onEdit?(): void;
  /**
   * Present on the summary for an `elenco`: an item (from 0) can be removed. Not offered while
   * the list holds only its `min_items`.
   */
  onRemoveItem?(index: number): void;
  /** The answer was copied from another document or a client: marked for the lawyer to check. */
  prefilled?: boolean;
}

/** An `elenco`'s items, a card each: "Conduttore 1" and its fields in Italian formats. */
function ListItems({
  rules,
  items,
  onRemoveItem,
}: {
  rules: AskedRules;
  items: TListItem[];
  onRemoveItem?: (index: number) => void;
}) {
  const removable = onRemoveItem !== undefined && items.length > (rules.min_items ?? 1);
  return (
    <Stack as="ul" gap="8" mt="8">
      {items.map((item, index) => {
        const label = itemLabel(rules, index + 1);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: items have no identity but their position
          <Card.Root as="li" key={index} variant="outline" listStyleType="none" size="sm">
            <Card.Body>
              <Flex gap="8" justify="space-between" align="flex-start" mb="4">
                <Heading as="h4" textStyle="sm" color="navy.800">
                  {label}
                </Heading>
                {removable ? (
                  <Button
                    variant="outline"
                    size="sm"
                    aria-label={it.web.purchase.removeItemLabel(label)}
                    onClick={() => onRemoveItem(index)}
                  >
                    {it.web.purchase.removeItem}
                  </Button>
                ) : null}
              </Flex>
              <chakra.dl aria-label={it.web.purchase.itemAnswers(label)}>
                {(rules.fields ?? []).map((field) => (
                  <Flex key={field.variable} gap="4" wrap="wrap">
                    <chakra.dt color="navy.700">{field.question ?? field.variable}:</chakra.dt>
                    <chakra.dd color="navy.900">
                      {formatItalian(
                        field,
                        Object.hasOwn(item, field.variable) ? item[field.variable] : undefined,
                      ) || it.optionalAnswers.notGiven}
                    </chakra.dd>
                  </Flex>
                ))}
              </chakra.dl>
            </Card.Body>
          </Card.Root>
        );
      })}
    </Stack>
  );
}

/** A question and the answer given (summary and document detail). */
export function RecapCard({
  question,
  answer,
  rules,
  onEdit,
  onRemoveItem,
  prefilled = false,
}: RecapCardProps) {
  const items =
    rules?.type === 'elenco' && Array.isArray(answer)
      ? answer.filter((item): item is TListItem => typeof item === 'object')
      : null;
  // A choice keeps the SPEC's display; a typed answer is shown in Italian ("1.234,50 €").
  // A skipped optional question (`null`) says so rather than showing nothing.
  const shown =
    answer === null
      ? it.optionalAnswers.notGiven
      : !rules || isChoice(rules)
        ? formatAnswer(answer)
        : formatItalian(rules, answer as Parameters<typeof formatItalian>[1]);
  return (
    <Card.Root as="li" bg="white" listStyleType="none">
      <Card.Body>
        <Flex gap="16" justify="space-between" align="flex-start">
          {/* May shrink below its longest word (a PEC, an IBAN), which breaks instead: on a phone
              the «Modifica» button stayed on screen only by widening the page. */}
          <Box flex="1" minW="0" overflowWrap="anywhere">
            <Heading as="h3" textStyle="md" color="navy.800" mb="4">
              {question}
            </Heading>
            {prefilled ? (
              <Badge colorPalette="blue" variant="subtle" mb="4" title={it.parties.prefilledHelp}>
                {it.parties.prefilled}
              </Badge>
            ) : null}
            {rules && items && items.length === 0 ? (
              <Text color="navy.900">
                <span>{it.web.purchase.answer}: </span>
                {it.optionalAnswers.noItems}
              </Text>
            ) : rules && items ? (
              <ListItems rules={rules} items={items} onRemoveItem={onRemoveItem} />
            ) : (
              <Text color="navy.900">
                <span>{it.web.purchase.answer}: </span>
                {shown}
              </Text>
            )}
          </Box>
          {onEdit ? (
            <Button
              variant="outline"
              size="sm"
              flexShrink={0}
              aria-label={it.web.purchase.editAnswer(question)}
              onClick={onEdit}
            >
              {it.web.purchase.edit}
            </Button>
          ) : null}
        </Flex>
      </Card.Body>
    </Card.Root>
  );
}
