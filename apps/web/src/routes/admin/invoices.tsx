import { InvoicesScreen } from '../../features/invoices/components/invoices-screen.tsx';

export function InvoicesRoute() {
  return <InvoicesScreen />;
}
