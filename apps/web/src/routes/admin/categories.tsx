import { CategoriesScreen } from '../../features/categories/components/categories-screen.tsx';

export function CategoriesRoute() {
  return <CategoriesScreen />;
}
