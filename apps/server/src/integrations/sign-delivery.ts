import { createHmac } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/** The headers that sign one delivery. */
export interface DeliverySignature {
  /** GitBook's: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`. */
  'x-gitbook-signature': string;
  /** Standard Webhooks: the event id, so a receiver drops a repeated delivery. */
  'webhook-id': string;
  'webhook-timestamp': string;
  /** Standard Webhooks: `v1,<base64 HMAC-SHA256 of "<id>.<t>.<body>">`. */
  'webhook-signature': string;
}

/**
 * Signs a delivery body twice with the integration's secret: as GitBook signs its webhooks
 * (`X-GitBook-Signature`, keyed with the secret string itself) and as Standard Webhooks says
 * (the `standardwebhooks` library, keyed with the secret's decoded bytes), so a receiver checks
 * whichever its tools know. Both cover the timestamp, so a replayed old delivery fails.
 */
export function signDelivery(
  secret: string,
  delivery: { id: string; body: Buffer; at: Date },
): DeliverySignature {
  const seconds = String(Math.floor(delivery.at.getTime() / 1000));
  const gitbook = createHmac('sha256', secret)
    .update(`${seconds}.`)
    .update(delivery.body)
    .digest('hex');
  return {
    'x-gitbook-signature': `t=${seconds},v1=${gitbook}`,
    'webhook-id': delivery.id,
    'webhook-timestamp': seconds,
    'webhook-signature': new Webhook(secret).sign(delivery.id, delivery.at, delivery.body),
  };
}
