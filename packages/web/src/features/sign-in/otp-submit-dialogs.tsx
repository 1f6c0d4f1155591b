import { ConfirmDialog } from '../../components/otp/confirm-dialog';
import { Button } from '../../components/ui/button';
import { Dialog } from '../../components/ui/dialog';
import type { OtpDialogsState } from './use-otp-submit';

/** The one-time-code dialog and the failure dialog of a public form. */
export function OtpSubmitDialogs({ flow, errorTitle }: { flow: OtpDialogsState; errorTitle: string }) {
  const { otpDialog, errorDialog } = flow;
  return (
    <>
      {otpDialog.mounted && (
        <ConfirmDialog
          open={otpDialog.visible}
          onClose={otpDialog.close}
          onConfirm={(code) => void flow.confirm(code)}
          mode="OTP"
        />
      )}
      {errorDialog.mounted && (
        <Dialog open={errorDialog.visible} onClose={errorDialog.close} title={errorTitle} size="sm">
          <p role="alert" className="text-sm text-neutral-700">
            {flow.failure}
          </p>
          <div className="mt-6 flex justify-end">
            <Button onClick={errorDialog.close}>OK</Button>
          </div>
        </Dialog>
      )}
    </>
  );
}
