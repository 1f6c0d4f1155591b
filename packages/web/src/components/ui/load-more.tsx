import { Button } from './button';

/** Lists grow with a 'Load more' button while the server has older records. */
export function LoadMore({ hasMore, busy, onLoad }: { hasMore: boolean; busy: boolean; onLoad: () => void }) {
  if (!hasMore) return null;
  return (
    <Button variant="outline" size="sm" className="mt-3" busy={busy} onClick={onLoad}>
      Load more
    </Button>
  );
}
