import { SamlStatusError } from '@node-saml/node-saml';
import { ApiError } from '../errors.js';

/** Why an answer of an IdP was refused (the error's `data`, for logs and tests). */
export type SamlRefusal =
  | 'unknown-request'
  | 'signature'
  | 'expired'
  | 'audience'
  | 'issuer'
  | 'replayed'
  | 'idp-error'
  | 'no-email'
  | 'invalid';

/** 401: the IdP's answer does not sign anyone in (unsigned, tampered, late, replayed…). */
export class SamlRefusedError extends ApiError {
  override name = 'SamlRefusedError';
  readonly reason: SamlRefusal;
  constructor(reason: SamlRefusal, message: string, options: { cause?: unknown } = {}) {
    super(401, 'saml-refused', message, { ...options, data: { reason } });
    this.reason = reason;
  }
}

/** A node-saml validation failure as the refusal a person can act on. */
export function samlRefusalOf(error: unknown, audience: string): SamlRefusedError {
  const text = error instanceof Error ? error.message : String(error);
  const refuse = (reason: SamlRefusal, message: string) =>
    new SamlRefusedError(reason, message, { cause: error });
  if (error instanceof SamlStatusError)
    return refuse('idp-error', `The identity provider did not sign you in: ${text}`);
  if (/InResponseTo/.test(text))
    return refuse(
      'unknown-request',
      'The SAML answer does not answer a login this service started, or it was used already: start again from the start URL',
    );
  if (/signature/i.test(text))
    return refuse(
      'signature',
      'The SAML answer is not signed with the provider’s certificate (unsigned, altered, or signed by another key)',
    );
  // node-saml keeps a subject confirmation only while it is in time.
  if (/expired|not yet valid|No valid subject confirmation/i.test(text))
    return refuse('expired', 'The SAML assertion is expired or not yet valid');
  if (/audience/i.test(text))
    return refuse(
      'audience',
      `The SAML assertion is meant for another service: its audience must be \`${audience}\``,
    );
  return refuse('invalid', `The SAML answer was refused: ${text}`);
}
