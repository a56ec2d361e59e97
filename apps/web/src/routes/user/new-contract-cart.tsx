import { CartScreen } from '../../features/purchase/components/cart-screen.tsx';
import { FlowLayout } from '../../features/purchase/components/flow-layout.tsx';

export function CartRoute() {
  return (
    <FlowLayout step={3}>
      <CartScreen />
    </FlowLayout>
  );
}
