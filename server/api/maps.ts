/**
 * The maps and stores API (spec §7 "Maps and stores"; docs/stores.md, docs/api.md "Stores and
 * maps"): zip lookup, address check, location by IP, by ZIP and by coordinates, the nearby store
 * search and one store by id. Any bearer token (guests too). Input is read by hand
 * (../stores/maps-input.ts): bad input is a 400 naming the field, never a 500.
 */
import type { FastifyInstance, FastifySchema } from 'fastify';
import { ALL_STORE_FIELDS, LOCATION_TYPES, STORE_SERVICES } from '../../core/stores/store-location';
import { ApiError } from '../http/errors';
import { invalidField, isServerId, objectBody } from '../http/input';
import {
  brandParam,
  coordinateParam,
  countryParam,
  filterParam,
  formatParam,
  NEARBY_TOP_DEFAULT,
  NEARBY_TOP_MAX,
  postalCodeParam,
  selectParam,
  spatialFilterParam,
  topParam,
} from '../stores/maps-input';
import { displayPostalCode, userLocationOf, type MapsService } from '../stores/maps-service';
import {
  answers,
  arrayOf,
  checkedByRoute,
  closed,
  int,
  num,
  oneOf,
  pathParams,
  str,
} from './schemas/common';

const describe = (summary: string, description: string): FastifySchema => ({
  tags: ['Stores and maps'],
  summary,
  description,
});

const USER_LOCATION = closed(
  {
    city: str(),
    state: str('State or province code'),
    postalCode: str(),
    country: oneOf(['US', 'CA']),
    latitude: num(),
    longitude: num(),
  },
  ['city', 'state', 'postalCode', 'country', 'latitude', 'longitude'],
  'A place: the nearest known postal code’s city, state and centre',
);

const STORE = closed(
  {
    EntityID: str(),
    BPnumber: str(),
    LocationName: str(),
    AddressLine: str(),
    AddressLine2: str(),
    StateLong: str('The state’s or province’s name'),
    AdminDistrict: str('The state’s or province’s code'),
    PostalCode: str(),
    Latitude: num(),
    Longitude: num(),
    Phone: str(),
    OpenUntil: str('Today’s closing time in the store’s time zone (`6:00 PM`), or `Closed today`'),
    Locality: str('The city'),
    LocationType: oneOf(LOCATION_TYPES),
    Hours: arrayOf(
      closed({ day: int('0 = Sunday … 6 = Saturday'), opens: str('HH:MM'), closes: str('HH:MM') }, [
        'day',
        'opens',
        'closes',
      ]),
      'Opening hours by weekday, store-local; a day not listed is closed',
    ),
    Services: arrayOf(oneOf(STORE_SERVICES)),
    TimeZone: str('IANA time zone'),
    Distance: num('Miles from the search’s origin, one decimal (nearby answers only)'),
  },
  [],
  'A store (spec §3 Store location); a `select` keeps only the fields it names',
);

const LOCATION_ANSWER = closed({ location: USER_LOCATION }, ['location']);

export const mapsRoutes = (app: FastifyInstance, maps: MapsService): void => {
  app.get(
    '/api/maps/zip',
    {
      ...checkedByRoute,
      schema: {
        ...describe(
          'Look up a ZIP or postal code',
          'Query `postalCode` (a US ZIP, or a Canadian postal code, known by its first three characters), `country` (`US` or `CA`, optional) → `{resources: [{address: {postalCode, locality, adminDistrict, countryRegion}, point: {coordinates: [latitude, longitude]}}]}`, best match first. A well-formed code nobody knows → `{resources: []}`; a malformed one → 400 `postalCode`; another country → 400 `country`.',
        ),
        querystring: closed({ postalCode: str(), country: oneOf(['US', 'CA']) }, ['postalCode']),
        response: answers({
          200: closed(
            {
              resources: arrayOf(
                closed(
                  {
                    address: closed(
                      {
                        postalCode: str(),
                        locality: str(),
                        adminDistrict: str(),
                        countryRegion: oneOf(['US', 'CA']),
                      },
                      ['postalCode', 'locality', 'adminDistrict', 'countryRegion'],
                    ),
                    point: closed({ coordinates: arrayOf(num(), '[latitude, longitude]') }, [
                      'coordinates',
                    ]),
                  },
                  ['address', 'point'],
                ),
              ),
            },
            ['resources'],
          ),
        }),
      },
    },
    async (request, reply) => {
      const postalCode = postalCodeParam(request.query);
      const place = maps.place(postalCode, countryParam(request.query));
      reply.header('cache-control', 'private, max-age=3600');
      return {
        resources:
          place === null
            ? []
            : [
                {
                  address: {
                    postalCode: displayPostalCode(postalCode, place),
                    locality: place.city,
                    adminDistrict: place.state,
                    countryRegion: place.country,
                  },
                  point: { coordinates: [place.latitude, place.longitude] },
                },
              ],
      };
    },
  );

  app.post(
    '/api/maps/address/validate',
    {
      ...checkedByRoute,
      schema: {
        ...describe(
          'Check an address’s city and state against its postal code',
          'Body `{addressLine?, city, state, postalCode, country}` → `{status: "valid", city, state}` (what the postal code says; a blank city or state is filled), `{status: "mismatch", field: "city"|"state", city, state}` (the state is checked first; a Canadian postal code’s city is not held against the address), `{status: "unknown-postal-code"}`, or `{status: "unknown"}` for a country the service does not know (the caller must not block the address then, spec §5). A missing `postalCode` or `country`, or a member that is not text → 400 naming it.',
        ),
        body: closed(
          { addressLine: str(), city: str(), state: str(), postalCode: str(), country: str() },
          ['postalCode', 'country'],
        ),
        response: answers({
          200: closed(
            {
              status: oneOf(['valid', 'mismatch', 'unknown-postal-code', 'unknown']),
              field: oneOf(['city', 'state']),
              city: str(),
              state: str(),
            },
            ['status'],
          ),
        }),
      },
    },
    async (request) => {
      const body = objectBody(request.body);
      const text = (name: string, required: boolean): string => {
        const value = body[name];
        if (value === undefined || value === null) {
          if (required) throw invalidField(name, 'is required');
          return '';
        }
        if (typeof value !== 'string') throw invalidField(name, 'must be text');
        if (value.length > 200) throw invalidField(name, 'must be at most 200 characters');
        if (required && value.trim() === '') throw invalidField(name, 'is required');
        return value;
      };
      text('addressLine', false);
      return maps.validate({
        city: text('city', false),
        state: text('state', false),
        postalCode: text('postalCode', true),
        country: text('country', true),
      });
    },
  );

  app.get(
    '/api/maps/location/ip',
    {
      ...checkedByRoute,
      schema: {
        ...describe(
          'Where the caller is, by IP address',
          '→ `{location, source}`. Loopback and private addresses get the configured default city (MAPS_DEFAULT_POSTAL_CODE, Chicago’s 60601), `source: "default"`; no table of public address ranges is packaged, so other addresses get it too.',
        ),
        response: answers({
          200: closed({ location: USER_LOCATION, source: oneOf(['default', 'ip']) }, [
            'location',
            'source',
          ]),
        }),
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return maps.locationByIp();
    },
  );

  app.get(
    '/api/maps/location/zipcode',
    {
      ...checkedByRoute,
      schema: {
        ...describe(
          'Where a ZIP or postal code is',
          'Query `postalCode`, `country` (`US` or `CA`, optional) → `{location}`. A malformed or unknown code → 400 `postalCode`.',
        ),
        querystring: closed({ postalCode: str(), country: oneOf(['US', 'CA']) }, ['postalCode']),
        response: answers({ 200: LOCATION_ANSWER }),
      },
    },
    async (request, reply) => {
      const postalCode = postalCodeParam(request.query);
      const place = maps.place(postalCode, countryParam(request.query));
      if (place === null) throw invalidField('postalCode', 'is not a postal code we know');
      reply.header('cache-control', 'private, max-age=3600');
      return { location: userLocationOf(place, displayPostalCode(postalCode, place)) };
    },
  );

  app.get(
    '/api/maps/location/reverse',
    {
      ...checkedByRoute,
      schema: {
        ...describe(
          'The place nearest a point (reverse geocode)',
          'Query `brand`, `lat`, `long` → `{location}`: the nearest known postal code’s place. Missing or bad coordinates → 400 `lat` / `long`; no known place within 300 miles (out at sea) → 404.',
        ),
        querystring: closed({ brand: str(), lat: num(), long: num() }, ['lat', 'long']),
        response: answers({ 200: LOCATION_ANSWER }, { errors: [404] }),
      },
    },
    async (request) => {
      brandParam(request.query);
      const latitude = coordinateParam(request.query, 'lat');
      const longitude = coordinateParam(request.query, 'long');
      const location = maps.reverse({ latitude, longitude });
      if (location === null) throw new ApiError(404, 'No known place is near these coordinates');
      return { location };
    },
  );

  app.get(
    '/api/maps/stores',
    {
      ...checkedByRoute,
      schema: {
        ...describe(
          'Stores near a place',
          `Query \`format=json\`, \`brand\` (default \`lavabo\`), \`spatialFilter=nearby(latitude,longitude,miles)\`, \`nearby('Chicago, IL',miles)\` (a city as \`City, ST\` or a name one state or province has) or \`nearby(10001,miles)\` (a ZIP or postal code); miles from 64 to 1000. Optional \`select\` (or \`$select\`): a comma-separated list of ${ALL_STORE_FIELDS.join(', ')}; \`filter\` (or \`$filter\`): \`LocationType eq 'showroom'\` (\`store\`, \`dealer\`), several joined by \` or \`; \`top\` (or \`$top\`): 1–${NEARBY_TOP_MAX}, default ${NEARBY_TOP_DEFAULT}. → \`{d: {results: [[store…]]}}\`: \`d.results[0]\` is the list, nearest first, each within the distance with its \`Distance\` in miles. An unknown place, a distance out of range or bad coordinates → 400 \`spatialFilter\`; an unknown field → 400 \`select\`; anything but LocationType terms → 400 \`filter\`; another format → 400 \`format\`.`,
        ),
        querystring: closed(
          {
            format: oneOf(['json']),
            brand: str(),
            spatialFilter: str(),
            select: str(),
            filter: str(),
            top: int(),
          },
          ['spatialFilter'],
        ),
        response: answers({
          200: closed({ d: closed({ results: arrayOf(arrayOf(STORE)) }, ['results']) }, ['d']),
        }),
      },
    },
    async (request, reply) => {
      const query = request.query;
      formatParam(query);
      const brand = brandParam(query);
      const spatial = spatialFilterParam(query);
      const select = selectParam(query);
      const types = filterParam(query);
      const top = topParam(query);
      const origin = maps.origin(spatial.origin);
      if (origin === null) {
        throw invalidField(
          'spatialFilter',
          `${'place' in spatial.origin ? spatial.origin.place : ''} is not a city or postal code we know`,
        );
      }
      const stores = await maps.nearby({ origin, miles: spatial.distance, brand, types, top });
      const results =
        select === null
          ? stores
          : stores.map((store) =>
              Object.fromEntries(
                select.filter((f) => store[f] !== undefined).map((f) => [f, store[f]]),
              ),
            );
      reply.header('cache-control', 'no-store');
      return { d: { results: [results] } };
    },
  );

  app.get(
    '/api/maps/stores/:entityId',
    {
      ...checkedByRoute,
      schema: {
        ...describe(
          'One store',
          'The store with this EntityID (without `Distance`); unknown → 404.',
        ),
        params: pathParams({ entityId: 'The store’s EntityID' }),
        response: answers({ 200: STORE }, { errors: [404] }),
      },
    },
    async (request, reply) => {
      const id = (request.params as { entityId?: unknown }).entityId;
      const store = isServerId(id) ? await maps.store(id) : null;
      if (store === null) throw new ApiError(404, 'There is no store with this EntityID');
      reply.header('cache-control', 'no-store');
      return store;
    },
  );
};
