/**
 * A stand-in module for lib/toast in component tests: `vi.mock('…/lib/toast', () =>
 * import('…/testing/toast-mock'))`. Toasts are recorded in `shownToasts` as 'title' or
 * 'title: description' instead of loading sonner.
 */
export const shownToasts: string[] = [];

const record = (title: string, options?: { description?: string }) =>
  void shownToasts.push(options?.description ? `${title}: ${options.description}` : title);
const toast = Object.assign(record, { success: record, error: record });

export async function showToast(show: (toast: never) => void): Promise<void> {
  show(toast as never);
}
