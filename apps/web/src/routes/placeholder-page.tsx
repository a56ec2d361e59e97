import { PageTitle } from '../components/feedback/page-title.tsx';

/** A screen whose content arrives with a later issue: for now only its title. */
export function PlaceholderPage({ title }: { title: string }) {
  return <PageTitle>{title}</PageTitle>;
}
