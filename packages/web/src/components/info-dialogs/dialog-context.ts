import { createContext, useContext } from 'react';

/** The six topics of the info dialogs. */
export type InfoTopic = 'window' | 'liquidity' | 'coins' | 'reversal' | 'strategy' | 'terms';

/** Every dialog the landing page and the signed-in side menu can open. */
export type LandingDialog =
  | { kind: 'under-construction' }
  | { kind: 'contact' }
  | { kind: 'info'; topic: InfoTopic; size: 'small' | 'large' };

export interface LandingDialogs {
  open(dialog: LandingDialog): void;
}

export const LandingDialogContext = createContext<LandingDialogs | null>(null);

/** Opens landing dialogs; the provider (LandingDialogsProvider) renders them. */
export function useLandingDialogs(): LandingDialogs {
  const context = useContext(LandingDialogContext);
  if (!context) throw new Error('useLandingDialogs needs a LandingDialogsProvider above it');
  return context;
}
