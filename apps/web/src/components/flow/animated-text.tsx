import { chakra } from '@chakra-ui/react';

export interface AnimatedTextProps {
  text: string;
  /** Delay between two words; 0 shows the whole text at once. */
  wordDelayMs: number;
}

/**
 * Staged text (SPEC §4): each word fades in after the previous one. The whole text is in the
 * DOM from the start, so screen readers and the reduced-motion setting never wait for it.
 */
export function AnimatedText({ text, wordDelayMs }: AnimatedTextProps) {
  if (wordDelayMs <= 0) return <>{text}</>;
  const words = text.split(/\s+/).filter(Boolean);
  return (
    <>
      {words.map((word, index) => (
        <chakra.span
          // biome-ignore lint/suspicious/noArrayIndexKey: the same word may appear twice
          key={index}
          animation="fade-in 0.3s ease-out backwards"
          _motionReduce={{ animation: 'none' }}
          style={{ animationDelay: `${index * wordDelayMs}ms` }}
        >
          {word}
          {index < words.length - 1 ? ' ' : ''}
        </chakra.span>
      ))}
    </>
  );
}
