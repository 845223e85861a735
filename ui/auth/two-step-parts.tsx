/**
 * Parts of two-step sign-in shared by the sign-in step and account settings: the code field
 * ("Verification code" or "Recovery code", ARCHITECTURE.md a11y names) with its error wired to
 * aria-invalid/aria-describedby, the key to enrol (its QR code as an image and the key as text),
 * and the recovery codes with copy and download.
 */
import { useId, useState, type RefObject } from 'react';
import type { TwoStepEnrolment } from '../../core/auth/second-step';
import { groupSecret } from '../../core/auth/two-step';

export const CodeField = ({
  label,
  value,
  error,
  numeric,
  inputRef,
  onValue,
}: {
  label: string;
  value: string;
  error: string | null | undefined;
  /** A verification code (digits, the phone's one-time-code autofill) rather than a recovery code. */
  numeric: boolean;
  inputRef?: RefObject<HTMLInputElement | null>;
  onValue: (value: string) => void;
}) => {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="auth-field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={inputRef}
        id={id}
        type="text"
        inputMode={numeric ? 'numeric' : 'text'}
        autoComplete={numeric ? 'one-time-code' : 'off'}
        autoCapitalize={numeric ? undefined : 'characters'}
        spellCheck={false}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(e) => onValue(e.target.value)}
      />
      {error && (
        <p id={errorId} className="auth-field__error">
          {error}
        </p>
      )}
    </div>
  );
};

/** The key to add to an authenticator app: scanned as a QR code, or typed from the text. */
export const EnrolmentKey = ({ enrolment }: { enrolment: TwoStepEnrolment }) => {
  const keyId = useId();
  return (
    <div className="two-step__key">
      <img
        className="two-step__qr"
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(enrolment.qrSvg)}`}
        alt="QR code of your two-step sign-in key: scan it with your authenticator app"
        width={176}
        height={176}
      />
      <p id={keyId}>Can’t scan it? Type this key into the app instead:</p>
      <p>
        <code className="two-step__secret" aria-describedby={keyId} data-secret={enrolment.secret}>
          {groupSecret(enrolment.secret)}
        </code>
      </p>
    </div>
  );
};

const RECOVERY_FILE = 'lavabo-recovery-codes.txt';

/** The ten recovery codes, shown once: a list, "Copy codes" and "Download codes". */
export const RecoveryCodes = ({ codes }: { codes: readonly string[] }) => {
  const headingId = useId();
  const [copied, setCopied] = useState<string>('');
  const text = `Lavabo two-step sign-in recovery codes (each works once):\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied('Recovery codes copied.');
    } catch {
      setCopied('Could not copy: select the codes and copy them yourself.');
    }
  };
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = RECOVERY_FILE;
    link.click();
    URL.revokeObjectURL(url);
  };
  return (
    <section className="two-step__codes" aria-labelledby={headingId}>
      <h3 id={headingId}>Your recovery codes</h3>
      <p>
        Keep these somewhere safe. If you lose your phone, each code signs you in once instead of a
        verification code. They are shown only now.
      </p>
      <ul className="two-step__code-list" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <div className="two-step__actions">
        <button type="button" className="button" onClick={() => void copy()}>
          Copy codes
        </button>
        <button type="button" className="button" onClick={download}>
          Download codes
        </button>
      </div>
      <p role="status" aria-live="polite" className="two-step__copied">
        {copied}
      </p>
    </section>
  );
};
