import { Link } from '@chakra-ui/react';
import { useAppConfig } from '../../lib/app-config.ts';

/** The support address as a mailto link, with a ready subject when the request needs one
 * ('Modifica PEC', 'Cancellazione Account'). Nothing while the address is unknown. */
export function SupportMailLink({ subject }: { subject?: string }) {
  const supportEmail = useAppConfig()?.supportEmail;
  if (!supportEmail) return null;
  const query = subject ? `?subject=${encodeURIComponent(subject)}` : '';
  return (
    <Link href={`mailto:${supportEmail}${query}`} color="navy.700" textDecoration="underline">
      {supportEmail}
    </Link>
  );
}
