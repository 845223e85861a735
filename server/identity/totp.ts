/**
 * Time-based one-time codes (RFC 6238) by `otpauth`: the parameters every authenticator app reads
 * from the enrolment URI (SHA-1, six digits, 30 s; core/auth/two-step.ts), and the QR code of that
 * URI as an SVG image. The acceptance rule (window, replay) is core's.
 */
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { TOTP_DIGITS, TOTP_ISSUER, TOTP_PERIOD_S, TOTP_WINDOW } from '../../core/auth/two-step';

/** A new key: 160 random bits, as base32 text (what a person can type into an app). */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

const totpOf = (secret: string, label: string): TOTP =>
  new TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_S,
    secret: Secret.fromBase32(secret),
  });

/** otpauth://totp/Lavabo:<label>?secret=…&issuer=Lavabo&… */
export const totpUri = (secret: string, label: string): string => totpOf(secret, label).toString();

/** The steps from now at which the code matches (−1, 0, 1), or null. */
export const totpDelta = (secret: string, code: string, nowMs: number): number | null =>
  totpOf(secret, '').validate({ token: code, timestamp: nowMs, window: TOTP_WINDOW });

/** The QR code of the URI, as an SVG document (paths only, no script). */
export const qrSvg = (uri: string): Promise<string> =>
  QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
