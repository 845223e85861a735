/**
 * Route `/en/stores`: the store finder. Client-rendered (not in ui/app/first-view.ts): what it
 * shows depends on where the shopper is. Its filters live in the page address
 * (core/stores/store-filters.ts), so a search can be shared and survives a reload.
 */
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { parseStoreFilters, storeFiltersQuery } from '../../core/stores/store-filters';
import { useContainer } from '../app/container-context';
import { pageTitles } from '../app/page-titles';
import { StoreFinder } from '../stores/store-finder';
import { storeFinderOf } from '../stores/store-finder-of';

const StoresPage = () => {
  const container = useContainer();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const [finder] = useState(() =>
    storeFinderOf(container, (filters) => {
      const query = new URLSearchParams(storeFiltersQuery(filters)).toString();
      void navigate({ search: query === '' ? '' : `?${query}` }, { replace: true });
    }),
  );
  useEffect(() => {
    finder.apply(parseStoreFilters(Object.fromEntries(params)));
  }, [finder, params]);
  const title = pageTitles.stores;
  return (
    <main id="main" className="page page--stores">
      <title>{`${title} — Lavabo`}</title>
      <h1>{title}</h1>
      <p className="page-intro">
        See our bathrooms and kitchens in person: Lavabo showrooms, stores that sell Lavabo and
        trade dealers across the US and Canada.
      </p>
      <StoreFinder finder={finder} />
    </main>
  );
};

export default StoresPage;
