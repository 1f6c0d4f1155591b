import { useSearchParams } from 'react-router';
import { filtersToParams } from './url-filters';

/** A list's filters kept in the URL: read with `read`, each change replaces the search parameters. */
export function useUrlFilters<F extends object>(read: (params: URLSearchParams) => F) {
  const [params, setParams] = useSearchParams();
  const filters = read(params);
  const update = (change: Partial<F>) =>
    setParams(filtersToParams({ ...filters, ...change }), { replace: true });
  return { filters, update };
}
