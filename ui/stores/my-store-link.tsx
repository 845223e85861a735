/**
 * "My store" in the header: a link naming the shopper's chosen store, to its detail in the store
 * finder. It loads after hydration with the `stores` area, off the entry bundle, and shows nothing
 * until a store is chosen.
 */
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import type { LoadAreas } from '../../adapters/di/areas';
import { TYPES } from '../../adapters/di/types';
import { useContainer } from '../app/container-context';
import type { MyStoreModel } from './my-store-model';
import { myStoreFrom } from './store-finder-of';
import './my-store-link.css';

const MyStoreLink = observer(() => {
  const container = useContainer();
  const [model, setModel] = useState<MyStoreModel | null>(null);
  useEffect(() => {
    let live = true;
    container
      .get<LoadAreas>(TYPES.LoadAreas)(['stores'])
      .then(
        () => live && setModel(myStoreFrom(container)),
        // Offline or a replaced chunk: the header goes without it until the next page.
        () => undefined,
      );
    return () => {
      live = false;
    };
  }, [container]);
  const store = model?.store ?? null;
  if (store === null) return null;
  return (
    <Link
      to={`/en/stores?store=${encodeURIComponent(store.EntityID)}`}
      className="utility-nav__link my-store-link"
    >
      <span className="my-store-link__label">My store:</span>{' '}
      <span className="my-store-link__name">{store.LocationName}</span>
    </Link>
  );
});

export default MyStoreLink;
