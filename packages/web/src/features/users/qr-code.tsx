import { useEffect, useState } from 'react';

/**
 * The otpauth URI as a QR code (SVG). The encoder loads on first use, so it never weighs on a
 * screen that does not show one; if it fails, the URI and secret shown beside it still work.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let active = true;
    import('qrcode')
      .then((QR) => QR.toString(text, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' }))
      .then((markup) => active && setSvg(markup))
      .catch(() => active && setSvg(null));
    return () => {
      active = false;
    };
  }, [text]);
  if (!svg) return null;
  return (
    <div
      role="img"
      aria-label={label}
      className="mx-auto w-48 max-w-full bg-white p-1 [&>svg]:h-auto [&>svg]:w-full"
      // The markup is the encoder's own SVG of `text`, never user HTML.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: generated SVG, see above
      dangerouslySetInnerHTML={{ __html: svg }}
    />
  );
}
