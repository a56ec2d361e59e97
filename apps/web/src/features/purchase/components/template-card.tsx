import { Card, chakra, Heading, LinkBox, LinkOverlay, Stack, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import { formatEuro } from '@lexpath/shared/money';
import type { TTemplateCard } from '@lexpath/shared/schemas/templates';
import { formatLongDate, formatRange } from '../../../lib/format.ts';

const texts = it.web.purchase;

export interface TemplateCardProps {
  template: TTemplateCard;
  onStart(template: TTemplateCard): void;
}

/** A published template; the title is the button that starts a document (the whole card
 * reacts to the pointer, the keyboard reaches one button). */
export function TemplateCard({ template, onStart }: TemplateCardProps) {
  const time = formatRange(template.min_time, template.max_time);
  const questions = formatRange(template.min_questions, template.max_questions);
  return (
    <LinkBox asChild>
      <Card.Root as="article" bg="white" _hover={{ shadow: 'md' }} height="100%">
        <Card.Body gap="8">
          <Heading as="h2" textStyle="lg" color="navy.800">
            <LinkOverlay asChild>
              <chakra.button
                type="button"
                textAlign="left"
                cursor="pointer"
                onClick={() => onStart(template)}
              >
                {template.name}
              </chakra.button>
            </LinkOverlay>
          </Heading>
          <Text color="navy.900">{template.description}</Text>
          <Stack gap="2" textStyle="sm" color="navy.700" mt="auto">
            <Text fontWeight="semibold" textStyle="md">
              {formatEuro(template.price_cents)} {texts.plusVat}
            </Text>
            <Text>{texts.latestVersion(formatLongDate(template.latestVersionAt))}</Text>
            {time ? <Text>{texts.timeRange(time)}</Text> : null}
            {questions ? <Text>{texts.questionRange(questions)}</Text> : null}
          </Stack>
        </Card.Body>
      </Card.Root>
    </LinkBox>
  );
}
