import { it } from '@lexpath/shared';
import { CONTRACT_STATUS } from '@lexpath/shared/schemas/contracts';
import type { TCheckoutResult } from '@lexpath/shared/schemas/payments';
import type { DbExecutor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Caller, mayPayContract } from '../../policy.ts';
import { findContract } from '../contracts/contracts.service.ts';
import type { PaymentProvider } from './providers.ts';

/** The web app's test payment page (SPEC §2 routes), where the local provider takes payments. */
export const LOCAL_CHECKOUT_PATH = '/pagamento-di-prova';

/**
 * POST /payment/checkout (owner; contract COMPLETED and not yet paid): where 'Acquista' sends the
 * buyer. The provider in force decides, never the template alone (DESIGN §8): without a Stripe
 * key, the local test page; with Stripe, for now the template's payment link naming the
 * contract (`client_reference_id`), which fulfilment checks. Another user's contract: 404.
 */
export async function createCheckout(
  db: DbExecutor,
  provider: Pick<PaymentProvider, 'name'>,
  caller: Caller,
  contractId: string,
): Promise<TCheckoutResult> {
  const contract = await findContract(db, caller, contractId, mayPayContract);
  if (contract.paymentId) throw new AppError('conflict', it.payments.alreadyPaid);
  if (contract.status !== CONTRACT_STATUS.completed) {
    throw new AppError('unprocessable', it.payments.notCompleted);
  }
  if (provider.name === 'local') {
    return { url: `${LOCAL_CHECKOUT_PATH}?contract=${encodeURIComponent(contract.id)}` };
  }
  // A template saved without a payment link (allowed under the local provider) cannot be sold
  // through Stripe until an editor adds one: say so instead of sending the buyer nowhere.
  if (!contract.stripeUrl) throw new AppError('unprocessable', it.payments.stripeUrlMissing);
  const url = new URL(contract.stripeUrl);
  url.searchParams.set('client_reference_id', contract.id);
  return { url: url.toString() };
}
