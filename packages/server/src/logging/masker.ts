/**
 * Replaces every known secret value in a text with a marker. It runs over each serialised log
 * line, so a secret cannot reach the log even when a caller logs an object that holds it.
 */
export class SecretMasker {
  private readonly values = new Set<string>();

  constructor(values: Iterable<string | undefined> = []) {
    for (const value of values) this.add(value);
  }

  /** Registers a value to mask; values shorter than 8 characters are too common to mask safely. */
  add(value: string | undefined): void {
    if (value && value.length >= 8) this.values.add(value);
  }

  mask(text: string): string {
    let out = text;
    for (const value of this.values) {
      if (out.includes(value)) out = out.replaceAll(value, '[secret]');
    }
    return out;
  }
}

/** The password inside a connection URL, which the masker must also hide. */
export function urlPassword(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const password = decodeURIComponent(new URL(url).password);
    return password || undefined;
  } catch {
    return undefined;
  }
}
