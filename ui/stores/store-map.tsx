/**
 * The map beside the store list: the US and Canada drawn from packaged TopoJSON (us-atlas states,
 * world-atlas countries) with d3-geo, framed on the results, a numbered pin per store (the list's
 * numbers) and the selected one highlighted. It is a picture of the list, which is the accessible
 * form, so it is hidden from assistive technology; a pointer may still pick a pin. Its code and
 * geography load only here, in the store finder's own chunks.
 */
import type { geoMercator, GeoPermissibleObjects, geoPath, GeoProjection } from 'd3-geo';
import { useEffect, useState } from 'react';
import type { StoreLocation } from '../../core/stores/store-location';

const WIDTH = 640;
const HEIGHT = 560;
const PAD = 28;
/** Degrees kept around the pins, so one store or a tight cluster still shows its surroundings. */
const MARGIN_DEGREES = 0.6;

interface Geography {
  readonly geoPath: typeof geoPath;
  readonly geoMercator: typeof geoMercator;
  readonly land: GeoPermissibleObjects;
  readonly states: GeoPermissibleObjects;
  readonly borders: GeoPermissibleObjects;
}

let geography: Promise<Geography> | null = null;

/** d3-geo, topojson-client and the two atlases, fetched once per page. */
export const loadGeography = (): Promise<Geography> => {
  geography ??= Promise.all([
    import('d3-geo'),
    import('topojson-client'),
    import('us-atlas/states-10m.json'),
    import('world-atlas/countries-110m.json'),
  ]).then(([d3, topojson, us, world]) => {
    /* eslint-disable @typescript-eslint/no-explicit-any -- the atlases' JSON is TopoJSON */
    const usTopo = (us as any).default ?? us;
    const worldTopo = (world as any).default ?? world;
    const northAmerica = new Set(['124', '840', '484']);
    const countries = topojson.feature(worldTopo, worldTopo.objects.countries) as any;
    /* eslint-enable @typescript-eslint/no-explicit-any */
    return {
      geoPath: d3.geoPath,
      geoMercator: d3.geoMercator,
      land: {
        type: 'FeatureCollection',
        features: countries.features.filter((f: { id?: string }) => northAmerica.has(String(f.id))),
      },
      states: topojson.mesh(usTopo, usTopo.objects.states, (a, b) => a !== b),
      borders: topojson.mesh(worldTopo, worldTopo.objects.countries, (a, b) => a !== b),
    };
  });
  return geography;
};

const frame = (g: Geography, stores: readonly StoreLocation[]): GeoProjection => {
  const lats = stores.map((s) => s.Latitude);
  const longs = stores.map((s) => s.Longitude);
  const [south, north] = [Math.min(...lats) - MARGIN_DEGREES, Math.max(...lats) + MARGIN_DEGREES];
  const [west, east] = [Math.min(...longs) - MARGIN_DEGREES, Math.max(...longs) + MARGIN_DEGREES];
  return g.geoMercator().fitExtent(
    [
      [PAD, PAD],
      [WIDTH - PAD, HEIGHT - PAD],
    ],
    {
      type: 'MultiPoint',
      coordinates: [
        [west, south],
        [east, north],
      ],
    },
  );
};

interface StoreMapProps {
  readonly stores: readonly StoreLocation[];
  readonly selected: string | null;
  readonly onSelect: (entityId: string) => void;
}

const StoreMap = ({ stores, selected, onSelect }: StoreMapProps) => {
  const [g, setG] = useState<Geography | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    loadGeography().then(
      (loaded) => live && setG(loaded),
      () => {
        geography = null;
        if (live) setFailed(true);
      },
    );
    return () => {
      live = false;
    };
  }, []);
  // Without its geography the map has nothing to add to the list: it leaves its place empty.
  if (failed) return null;
  if (g === null) return <div className="store-map store-map--loading" aria-hidden="true" />;
  const projection = frame(g, stores);
  const path = g.geoPath(projection);
  const pins = stores.flatMap((store, index) => {
    const at = projection([store.Longitude, store.Latitude]);
    return at === null ? [] : [{ store, index, x: at[0], y: at[1] }];
  });
  // The selected pin is drawn last, so no other covers it.
  pins.sort(
    (a, b) => Number(a.store.EntityID === selected) - Number(b.store.EntityID === selected),
  );
  return (
    <svg
      className="store-map"
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      aria-hidden="true"
      focusable="false"
      data-pins={pins.length}
    >
      <rect className="store-map__water" width={WIDTH} height={HEIGHT} />
      <path className="store-map__land" d={path(g.land) ?? ''} />
      <path className="store-map__states" d={path(g.states) ?? ''} />
      <path className="store-map__borders" d={path(g.borders) ?? ''} />
      {pins.map(({ store, index, x, y }) => (
        <g
          key={store.EntityID}
          className={`store-map__pin${store.EntityID === selected ? ' store-map__pin--selected' : ''}`}
          data-store={store.EntityID}
          transform={`translate(${x.toFixed(1)} ${y.toFixed(1)})`}
          onClick={() => onSelect(store.EntityID)}
        >
          <circle r={store.EntityID === selected ? 15 : 11} />
          <text y="4" textAnchor="middle">
            {index + 1}
          </text>
        </g>
      ))}
    </svg>
  );
};

export default StoreMap;
