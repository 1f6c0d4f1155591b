import { CopyButton } from '../../components/ui/copy-button';
import { Dialog } from '../../components/ui/dialog';
import { QrCode } from './qr-code';
import type { OtpHandover } from './users-api';

/** A labelled value in code type with a copy button beside it. */
function CopyableValue({
  label,
  copyLabel,
  value,
  small = false,
}: {
  label: string;
  copyLabel: string;
  value: string;
  small?: boolean;
}) {
  return (
    <div>
      <p className="text-sm font-medium">{label}</p>
      <div className="mt-1 flex items-center gap-2">
        <code
          className={`min-w-0 flex-1 rounded bg-neutral-100 px-2 py-1 font-mono break-all ${small ? 'text-xs' : 'text-sm'}`}
        >
          {value}
        </code>
        <CopyButton text={value} label={copyLabel} />
      </div>
    </div>
  );
}

/** Shows a user's one-time-code secret to hand over: QR code, secret and URI, each copyable. */
export function OtpSecretDialog({
  nickname,
  handover,
  onClose,
}: {
  nickname: string;
  handover: OtpHandover | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={handover !== null}
      onClose={onClose}
      title={`One-time-code secret of ${nickname}`}
      description="Hand it over privately: show the QR code in person or send the URI over a channel you trust. The user adds it to an authenticator app, then sets a password on the Update password screen."
    >
      {handover && (
        <div className="flex flex-col gap-4">
          <QrCode text={handover.otpauthUri} label={`QR code of the otpauth URI of ${nickname}`} />
          <CopyableValue label="Secret" copyLabel="Copy the secret" value={handover.otpSecret} />
          <CopyableValue label="otpauth URI" copyLabel="Copy the URI" value={handover.otpauthUri} small />
        </div>
      )}
    </Dialog>
  );
}
