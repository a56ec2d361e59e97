import { TestPaymentScreen } from '../../features/purchase/components/test-payment-screen.tsx';

export function TestPaymentRoute() {
  return <TestPaymentScreen />;
}
