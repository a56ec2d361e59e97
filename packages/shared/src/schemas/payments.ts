import { z } from 'zod';
import { it } from '../messages/it.ts';

const ZRequiredId = z
  .string({ error: it.validation.required })
  .trim()
  .min(1, it.validation.required);

/** POST /payment/checkout: the cart's 'Acquista' (DESIGN §8). */
export const ZCheckout = z.object({ contractId: ZRequiredId });
export type TCheckout = z.input<typeof ZCheckout>;

/**
 * Where the buyer goes to pay: a path of this app (the local test page) or the provider's
 * absolute URL.
 */
export const ZCheckoutResult = z.object({ url: z.string() });
export type TCheckoutResult = z.infer<typeof ZCheckoutResult>;

/** POST /payment/local-checkout: the test payment page's 'Paga' (DESIGN §8, local provider). */
export const ZLocalCheckout = z.object({ contractId: ZRequiredId });
export type TLocalCheckout = z.input<typeof ZLocalCheckout>;

export const ZLocalCheckoutResult = z.object({ session_id: z.string() });

/**
 * POST /payment: `transactionId` is the checkout session id; `price` the total with VAT as the
 * cart shows it ("59.78" or 59.78), checked against the server's own total.
 */
export const ZPaymentCreate = z.object({
  transactionId: ZRequiredId.max(300, it.validation.invalid),
  price: z.union([z.string(), z.number()], { error: it.validation.required }),
  contractId: ZRequiredId,
});
export type TPaymentCreate = z.input<typeof ZPaymentCreate>;

/** A recorded payment (SPEC §3); `price` is the total paid, "59.78". */
export const ZPayment = z.object({
  id: z.string(),
  updatedAt: z.string(),
  price: z.string(),
  transactionId: z.string(),
  contractId: z.string(),
});
export type TPayment = z.infer<typeof ZPayment>;
