import { describe, expect, it } from 'vitest';
import {
  accountApprovedMail,
  accountRefusedMail,
  escapeHtml,
  type MailContent,
  passwordChangedMail,
  passwordResetMail,
  verifyEmailMail,
} from './mail.templates.ts';

const context = { appUrl: 'https://lexpath.test', supportEmail: 'supporto@pec.test.it' };
const hostile = { name: '<script>alert("x")</script>', surname: "O'Brien & Co" };

const every: Array<[string, MailContent]> = [
  ['verify e-mail', verifyEmailMail(context, { ...hostile, token: 'a&b"c' })],
  ['account approved', accountApprovedMail(context, hostile)],
  ['account refused', accountRefusedMail(context, hostile)],
  ['password reset', passwordResetMail(context, { ...hostile, token: 'tok' })],
  ['password changed', passwordChangedMail(context, hostile)],
];

describe('mail templates', () => {
  it.each(every)('%s: user values are escaped in the HTML, plain in the text', (_, mail) => {
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).toContain(
      'Gentile &lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; O&#39;Brien &amp; Co,',
    );
    expect(mail.text).toContain(`Gentile ${hostile.name} ${hostile.surname},`);
    expect(mail.html).toMatch(/^<!doctype html>\n<html lang="it">/);
    expect(mail.subject).not.toBe('');
  });

  it('verify e-mail: the link to /verify-email with the token, valid 7 days', () => {
    const mail = verifyEmailMail(context, { ...hostile, token: 'abc_123-XYZ' });
    expect(mail.text).toContain('https://lexpath.test/verify-email?token=abc_123-XYZ');
    expect(mail.html).toContain('href="https://lexpath.test/verify-email?token=abc_123-XYZ"');
    expect(mail.text).toContain('valido 7 giorni');
  });

  it('keeps a token with unsafe characters inside its link', () => {
    const mail = verifyEmailMail(context, { ...hostile, token: 'a&b"c' });
    expect(mail.text).toContain('verify-email?token=a%26b%22c');
  });

  it('account approved: the access link to /login', () => {
    expect(accountApprovedMail(context, hostile).text).toContain('https://lexpath.test/login');
  });

  it('account refused: the support address, no access link', () => {
    const mail = accountRefusedMail(context, hostile);
    expect(mail.text).toContain('supporto@pec.test.it');
    expect(mail.text).not.toContain('https://');
  });

  it('password reset: the link to /reset-password, valid 1 hour', () => {
    const mail = passwordResetMail(context, { ...hostile, token: 'tok' });
    expect(mail.text).toContain('https://lexpath.test/reset-password?token=tok');
    expect(mail.text).toContain('vale 1 ora');
  });

  it('password changed: whom to write to if it was not you', () => {
    expect(passwordChangedMail(context, hostile).text).toContain('supporto@pec.test.it');
  });

  it('escapes the five HTML-significant characters', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe(
      '&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;',
    );
  });
});
