import { Box, HStack, Stack, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import type { TQuestion } from '@lexpath/shared/schemas/questions';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/feedback/confirm-dialog.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { describeConditions } from '../conditions.ts';

const texts = it.web.masterForm;

export interface MasterQuestionListProps {
  questions: TQuestion[];
  /** Opens the question editor on a question, or on a new one without an index. */
  onEdit(index?: number): void;
  /** Called once the editor confirmed the deletion. */
  onDelete(index: number): void;
}

/** The master's questions with their conditions; each can be edited or deleted (SPEC §5). */
export function MasterQuestionList({ questions, onEdit, onDelete }: MasterQuestionListProps) {
  const [questionToDelete, setQuestionToDelete] = useState<number | null>(null);
  return (
    <>
      {questions.length === 0 ? <Text color="navy.800">{texts.noQuestions}</Text> : null}
      <Stack as="ol" gap="8" listStyleType="none">
        {questions.map((question, index) => (
          <Box
            as="li"
            key={question.variable}
            borderWidth="1px"
            borderColor="beige.300"
            rounded="md"
            p="12"
          >
            <HStack justify="space-between" align="flex-start" gap="12" wrap="wrap">
              {/* Long texts and keys wrap instead of widening the page on a phone. */}
              <Box minW="0" flex="1 1 16rem" overflowWrap="anywhere">
                <Text fontWeight="semibold" color="navy.800">
                  {`${index + 1}. ${question.question}`}
                </Text>
                <Text color="navy.700">{`${question.variable}: ${(question.options ?? []).join(', ')}`}</Text>
                {question.obbligatoria === false ? (
                  <Text color="navy.700">{it.optionalAnswers.optional}</Text>
                ) : null}
                {question.required_answers.length > 0 ? (
                  <Text color="navy.700">
                    {texts.conditionsSummary(describeConditions(question.required_answers))}
                  </Text>
                ) : null}
              </Box>
              <HStack gap="8">
                <Button
                  size="xs"
                  variant="secondary"
                  aria-label={`${texts.editQuestion} ${question.variable}`}
                  onClick={() => onEdit(index)}
                >
                  {texts.editQuestion}
                </Button>
                <Button
                  size="xs"
                  variant="outline"
                  aria-label={`${texts.deleteQuestion} ${question.variable}`}
                  onClick={() => setQuestionToDelete(index)}
                >
                  {texts.deleteQuestion}
                </Button>
              </HStack>
            </HStack>
          </Box>
        ))}
      </Stack>
      {questions.length > 0 ? (
        <Box>
          <Button variant="secondary" onClick={() => onEdit()}>
            {texts.addQuestion}
          </Button>
        </Box>
      ) : null}
      <ConfirmDialog
        open={questionToDelete !== null}
        title={texts.deleteQuestionTitle}
        onClose={() => setQuestionToDelete(null)}
        onConfirm={() => {
          if (questionToDelete !== null) onDelete(questionToDelete);
          setQuestionToDelete(null);
        }}
      >
        {texts.deleteQuestionText}
      </ConfirmDialog>
    </>
  );
}
