import { Fieldset, Link, Stack, VisuallyHidden } from '@chakra-ui/react';
import { it } from '@lexpath/shared/messages/it';
import type { TRegistrationForm } from '@lexpath/shared/schemas/registration';
import type { Control } from 'react-hook-form';
import { CheckboxField } from '../../../components/form/checkbox-field.tsx';
import { useAppConfig } from '../../../lib/app-config.ts';

const texts = it.web.registration;

/** An external document: a new tab, so the half-filled form stays where it is. */
function ExternalLink({ href, children }: { href: string | undefined; children: string }) {
  if (!href) return <>{children}</>;
  return (
    <Link
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      color="navy.700"
      textDecoration="underline"
    >
      {children}
      <VisuallyHidden> {it.web.shell.opensInNewTab}</VisuallyHidden>
    </Link>
  );
}

/** SPEC §2: three required acceptances (terms; articles 2, 3, 8, 9 and 14 under artt. 1341
 * and 1342 c.c.; privacy) and the optional newsletter consent. */
export function RegistrationConsents({ control }: { control: Control<TRegistrationForm> }) {
  const config = useAppConfig();
  const terms = <ExternalLink href={config?.termsUrl}>{texts.termsLink}</ExternalLink>;
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="semibold" color="navy.800" mb="8">
        {texts.consents}
      </Fieldset.Legend>
      <Stack gap="4">
        <CheckboxField
          control={control}
          name="termsConditions"
          required
          label={
            <>
              {texts.termsBefore} {terms}
            </>
          }
        />
        <CheckboxField
          control={control}
          name="specificTermsConditions"
          required
          label={
            <>
              {texts.specificTerms} {terms}
            </>
          }
        />
        <CheckboxField
          control={control}
          name="privacy"
          required
          label={
            <>
              {texts.privacyBefore}
              <ExternalLink href={config?.privacyUrl}>{texts.privacyLink}</ExternalLink>
            </>
          }
        />
        <CheckboxField control={control} name="newsletter" label={texts.newsletter} />
      </Stack>
    </Fieldset.Root>
  );
}
