import { useQueryClient } from '@tanstack/react-query';
import { Archive, ArchiveRestore } from 'lucide-react';
import { useState } from 'react';
import { useAuth } from '../../auth/auth-context';
import { Button } from '../../components/ui/button';
import { errorMessageOf } from '../../lib/api';
import { showToast } from '../../lib/toast';
import { positionKeys } from './positions-api';
import type { PositionRecord } from './types';

/** PATCH position/archive|unarchive/:id (authority 4, no code); the active position cannot be archived. */
export function ArchiveButton({ position, canTrade }: { position: PositionRecord; canTrade: boolean }) {
  const { client } = useAuth();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  if (position.close === null) return null;
  const verb = position.archived ? 'unarchive' : 'archive';
  const toggle = async () => {
    setBusy(true);
    try {
      await client.request({ method: 'PATCH', path: `position/${verb}/${position.id}`, auth: true });
      await queryClient.invalidateQueries({ queryKey: positionKeys.all });
    } catch (error) {
      void showToast((toast) => toast.error(`Could not ${verb}`, { description: errorMessageOf(error) }));
    } finally {
      setBusy(false);
    }
  };
  const Icon = position.archived ? ArchiveRestore : Archive;
  return (
    <Button variant="outline" size="sm" disabled={!canTrade} busy={busy} onClick={() => void toggle()}>
      <Icon aria-hidden="true" className="h-4 w-4" />
      {position.archived ? 'Unarchive' : 'Archive'}
    </Button>
  );
}
