import { X509Certificate } from 'node:crypto';
import { BadRequestError } from '../errors.js';

/**
 * The IdP's certificate as PEM: IdP metadata and admin screens give either PEM or the base64
 * body alone (as in `<ds:X509Certificate>`). 400 unless it parses as an X.509 certificate.
 */
export function parseIdpCertificate(text: string): string {
  const trimmed = text.trim();
  const pem = trimmed.startsWith('-----BEGIN CERTIFICATE-----')
    ? trimmed
    : `-----BEGIN CERTIFICATE-----\n${(trimmed.replace(/\s+/g, '').match(/.{1,64}/g) ?? []).join('\n')}\n-----END CERTIFICATE-----`;
  try {
    return new X509Certificate(pem).toString().trim();
  } catch (error) {
    throw new BadRequestError(
      'body/certificate must be an X.509 certificate (PEM, or its base64 body)',
      { cause: error },
    );
  }
}
