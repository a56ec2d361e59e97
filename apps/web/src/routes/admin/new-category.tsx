import { CategoryFormScreen } from '../../features/categories/components/category-form-screen.tsx';

export function NewCategoryRoute() {
  return <CategoryFormScreen />;
}
