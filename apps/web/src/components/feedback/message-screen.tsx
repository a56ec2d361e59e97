import { Box, Stack } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PageTitle } from './page-title.tsx';

export interface MessageScreenProps {
  title: string;
  children: ReactNode;
  /** Usually a button back to where the visitor came from. */
  action?: ReactNode;
}

/** A full-page message: confirmations, suspended accounts, outcomes of e-mail links. */
export function MessageScreen({ title, children, action }: MessageScreenProps) {
  return (
    <Box maxW="560px" mx="auto" py={{ base: '16', md: '48' }}>
      <PageTitle>{title}</PageTitle>
      <Stack gap="16" textStyle="md">
        {children}
      </Stack>
      {action ? <Box mt="32">{action}</Box> : null}
    </Box>
  );
}
