import { z } from 'zod';

/** One call to the partner program: send these points to the account of this document. */
export interface PartnerTransferRequest {
  /** Our transfer's id as the request key: the partner answers a repeated key with its first answer. */
  key: string;
  transferId: number;
  document: string;
  points: number;
}

export type PartnerTransferAnswer =
  { outcome: 'confirmed'; reference: string } | { outcome: 'refused'; reason: string };

/**
 * The partner loyalty program, as the transfers module sees it (docs/transfers.md). A call that neither
 * confirms nor refuses (timeout, network error, 5xx, an answer we cannot read) throws, and the job queue
 * tries again later with the same key.
 */
export interface TransferPartner {
  send(request: PartnerTransferRequest): Promise<PartnerTransferAnswer>;
}

/** What the partner answers: 200 confirmed with its reference, 422 refused with a reason. */
const confirmedAnswer = z.object({
  status: z.literal('confirmed'),
  reference: z.string().min(1).max(200),
});
const refusedAnswer = z.object({
  status: z.literal('refused'),
  reason: z.string().min(1).max(2000),
});

export class PartnerUnavailableError extends Error {}

const REASON_MAX = 500;

/** The HTTP adapter: `POST url` with the shared token, the key in `Idempotency-Key`, a time limit. */
export function createHttpTransferPartner(options: {
  url: string;
  token: string | undefined;
  timeoutMs: number;
}): TransferPartner {
  return {
    async send(request) {
      let response: Response;
      try {
        response = await fetch(options.url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'idempotency-key': request.key,
            ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          },
          body: JSON.stringify({
            transferId: request.transferId,
            document: request.document,
            points: request.points,
          }),
          signal: AbortSignal.timeout(options.timeoutMs),
          redirect: 'error',
        });
      } catch (error) {
        const name = (error as { name?: string }).name;
        throw new PartnerUnavailableError(
          name === 'TimeoutError' ? `no answer within ${options.timeoutMs} ms` : 'partner unreachable',
        );
      }
      const text = await response.text().catch(() => '');
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = null;
      }
      if (response.status === 200 || response.status === 201) {
        const ok = confirmedAnswer.safeParse(body);
        if (ok.success) return { outcome: 'confirmed', reference: ok.data.reference };
      }
      if (response.status === 422 || response.status === 409) {
        const no = refusedAnswer.safeParse(body);
        if (no.success) return { outcome: 'refused', reason: no.data.reason.slice(0, REASON_MAX) };
      }
      throw new PartnerUnavailableError(`partner answered ${response.status}`);
    },
  };
}
