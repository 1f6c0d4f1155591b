import { useNavigation } from 'react-router';

/**
 * A thin bar at the top of the page while the router loads the next route (its code is split
 * out). Pure CSS: it creeps towards the right until the navigation ends.
 */
export function TopProgressBar() {
  const loading = useNavigation().state === 'loading';
  if (!loading) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-[60] h-0.5 overflow-hidden bg-neutral-200"
    >
      <div className="h-full w-1/3 animate-[route-progress_1.2s_ease-in-out_infinite] bg-increase" />
      <style>
        {'@keyframes route-progress{from{transform:translateX(-100%)}to{transform:translateX(300%)}}'}
      </style>
    </div>
  );
}
