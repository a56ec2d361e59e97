import { it as msg } from '@lexpath/shared/messages/it';
import { useQuery } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { api } from '../lib/api-client.ts';
import { createQueryClient } from '../lib/query-client.ts';
import { apiError, pointPageAt, startTestApi, type TestApi } from '../test/test-api-server.ts';
import { AppProviders } from './providers.tsx';

let server: TestApi;

beforeAll(async () => {
  server = await startTestApi({
    'GET /api/category': () => apiError(422, 'Categoria non valida.'),
  });
  pointPageAt(server.origin);
});

afterAll(async () => {
  await server.close();
});

function Categories() {
  const { isError } = useQuery({ queryKey: ['categories'], queryFn: () => api.get('/category') });
  return <p>{isError ? 'Errore' : 'Attendere'}</p>;
}

it('shows a failed request in a toast with the server message (SPEC §8)', async () => {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <Categories />
    </AppProviders>,
  );

  expect(await screen.findByText(msg.toast.failureTitle)).toBeVisible();
  expect(screen.getByText('Categoria non valida.')).toBeVisible();
});
