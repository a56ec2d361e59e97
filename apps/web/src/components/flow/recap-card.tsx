import { Card, Flex, Heading, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import type { TAnswerValue } from '@lexpath/shared/schemas/questions';
import { formatAnswer } from '../../lib/format.ts';
import { Button } from '../ui/button.tsx';

export interface RecapCardProps {
  question: string;
  answer: TAnswerValue;
  /** Present on the summary: the answer can be changed. */
  onEdit?(): void;
}

/** A question and the answer given (summary and document detail). */
export function RecapCard({ question, answer, onEdit }: RecapCardProps) {
  return (
    <Card.Root as="li" bg="white" listStyleType="none">
      <Card.Body>
        <Flex gap="16" justify="space-between" align="flex-start">
          <div>
            <Heading as="h3" textStyle="md" color="navy.800" mb="4">
              {question}
            </Heading>
            <Text color="navy.900">
              <span>{it.web.purchase.answer}: </span>
              {formatAnswer(answer)}
            </Text>
          </div>
          {onEdit ? (
            <Button
              variant="outline"
              size="sm"
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
