import { Flex, Text } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import { useId } from 'react';
import { Button } from '../ui/button.tsx';

const texts = it.documentSetsUi;

/**
 * Which document of a set the preview shows: one button a document, the shown one pressed.
 * Buttons rather than tabs: Tab and Enter reach each of them, and the frame below follows.
 */
export function DocumentChooser({
  documents,
  current,
  onChoose,
}: {
  documents: readonly { position: number; name: string }[];
  current: number;
  onChoose: (position: number) => void;
}) {
  const labelId = useId();
  return (
    <Flex role="group" aria-labelledby={labelId} gap="8" wrap="wrap" align="center" mb="16">
      <Text id={labelId} fontWeight="semibold" width="100%">
        {texts.previewChooser}
      </Text>
      {documents.map((document) => (
        <Button
          key={document.position}
          size="sm"
          variant={document.position === current ? 'primary' : 'outline'}
          aria-pressed={document.position === current}
          onClick={() => onChoose(document.position)}
          maxW="100%"
          whiteSpace="normal"
        >
          {document.name}
        </Button>
      ))}
    </Flex>
  );
}
