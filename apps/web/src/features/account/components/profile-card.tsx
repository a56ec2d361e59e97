import { Card, Stack } from '@chakra-ui/react';
import { type ReactNode, useId } from 'react';

/** One section of the profile: a titled card, a landmark named by its title. */
export function ProfileCard({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Card.Root as="section" aria-labelledby={titleId} variant="outline" bg="white">
      <Card.Header>
        <Card.Title as="h2" id={titleId} textStyle="xl" color="navy.800">
          {title}
        </Card.Title>
      </Card.Header>
      <Card.Body>
        <Stack gap="12">{children}</Stack>
      </Card.Body>
    </Card.Root>
  );
}
