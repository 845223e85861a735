/**
 * The US ZIP and Canadian FSA centroids of the `zipcodes` package as a PlaceIndex (core/stores/
 * geodata.ts), built once on first use (about half a second) and shared by every maps route.
 */
import zipcodes from 'zipcodes';
import { PlaceIndex } from '../../core/stores/geodata';

let index: PlaceIndex | null = null;

export const placeIndex = (): PlaceIndex => (index ??= new PlaceIndex(zipcodes.codes));
