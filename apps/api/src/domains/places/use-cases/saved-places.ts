/**
 * Use cases of the signed-in user's saved places (places domain, `/v1/me/addresses`): list,
 * create, update and delete, each write in one transaction holding the account's row lock (see
 * service.ts for the rules).
 */
import {
  type CreateAddressBody,
  MAX_SAVED_PLACES,
  type SavedAddress,
  type UpdateAddressBody,
} from '@vetted/contract';
import { v7 as uuidv7 } from 'uuid';
import type { ServiceDeps } from '../../deps';
import { lockAccount } from '../../auth';
import { type Geocoder, timeZoneAt } from '../geocoder';
import * as msg from '../messages';
import { becomesDefault, normalizeName } from '../policy';
import * as repo from '../repository';

export interface PlacesDeps extends Pick<ServiceDeps, 'db' | 'clock'> {
  /** City search and name → coordinates (the app passes the process-wide one). */
  geocoder: Geocoder;
}

/** Where a place is: coordinates and the time zone there. */
interface Position {
  lat: number;
  lng: number;
  timeZone: string;
}

/** A postcode as stored: trimmed, null when empty. */
const postcodeOf = (postcode: string | undefined) => (postcode ? postcode : null);

/**
 * The position of a place: the sent lat/lng (time zone looked up there), or else the city's
 * coordinates from the geocoder.
 * @throws AppError 422 `unknown_city` (field `city`) when the city is not known in `country`.
 */
async function positionOf(
  geocoder: Geocoder,
  input: {
    city: string;
    country: string;
    lat?: number;
    lng?: number;
  },
): Promise<Position> {
  if (input.lat !== undefined && input.lng !== undefined) {
    return { lat: input.lat, lng: input.lng, timeZone: timeZoneAt(input.lat, input.lng) };
  }
  const city = await geocoder.resolve(input.city, input.country);
  if (!city) throw msg.unknownCity(input.city, input.country);
  return { lat: city.lat, lng: city.lng, timeZone: city.timeZone };
}

/** `GET /v1/me/addresses`: the caller's places, the default first, then newest first. */
export async function listPlaces(
  { db }: Pick<PlacesDeps, 'db'>,
  userId: string,
): Promise<SavedAddress[]> {
  return (await repo.listAddresses(db, userId)).map(repo.toAddressDto);
}

/**
 * `POST /v1/me/addresses`: saves a place. Without lat/lng they come from the city.
 * @throws AppError 422 `unknown_city`, 409 `too_many_places` (past {@link MAX_SAVED_PLACES}),
 *   401 `user_not_found` when the account is gone.
 */
export async function createPlace(
  { db, clock, geocoder }: PlacesDeps,
  userId: string,
  body: CreateAddressBody,
): Promise<SavedAddress> {
  const country = body.country.toUpperCase();
  const position = await positionOf(geocoder, { ...body, country });
  const row = await db.transaction(async (tx) => {
    if (!(await lockAccount(tx, userId))) throw msg.accountGone();
    const existing = await repo.countAddresses(tx, userId);
    if (existing >= MAX_SAVED_PLACES) throw msg.tooManyPlaces();
    const isDefault = becomesDefault(existing, body.isDefault);
    if (isDefault) await repo.clearDefault(tx, userId);
    return repo.insertAddress(tx, {
      id: uuidv7(),
      userId,
      label: body.label,
      line1: body.line1,
      city: body.city,
      postcode: postcodeOf(body.postcode),
      country,
      ...position,
      isDefault,
      createdAt: clock.now(),
    });
  });
  return repo.toAddressDto(row);
}

/**
 * `PATCH /v1/me/addresses/:id`: changes a place. A new city or country without lat/lng is
 * resolved again; sent lat/lng are taken as they are. `isDefault: true` makes it the default
 * (the previous one stops being it in the same transaction).
 * @throws AppError 404 `address_not_found` (also for someone else's place), 422
 *   `unknown_city`, 422 `default_required` for `isDefault: false` on the default place.
 */
export async function updatePlace(
  { db, geocoder }: PlacesDeps,
  userId: string,
  id: string,
  body: UpdateAddressBody,
): Promise<SavedAddress> {
  const current = await repo.findAddress(db, userId, id);
  if (!current) throw msg.placeNotFound();
  const city = body.city ?? current.city;
  const country = body.country?.toUpperCase() ?? current.country;
  const moved = normalizeName(city) !== normalizeName(current.city) || country !== current.country;
  const position =
    body.lat !== undefined || moved ? await positionOf(geocoder, { ...body, city, country }) : null;

  const row = await db.transaction(async (tx) => {
    if (!(await lockAccount(tx, userId))) throw msg.accountGone();
    const locked = await repo.findAddress(tx, userId, id);
    if (!locked) throw msg.placeNotFound();
    if (body.isDefault === false && locked.isDefault) throw msg.defaultRequired();
    if (body.isDefault === true && !locked.isDefault) await repo.clearDefault(tx, userId);
    const patch: repo.AddressPatch = {
      ...(body.label !== undefined ? { label: body.label } : {}),
      ...(body.line1 !== undefined ? { line1: body.line1 } : {}),
      ...(body.city !== undefined ? { city: body.city } : {}),
      ...(body.postcode !== undefined ? { postcode: postcodeOf(body.postcode) } : {}),
      ...(body.country !== undefined ? { country } : {}),
      ...(position ?? {}),
      ...(body.isDefault === true ? { isDefault: true } : {}),
    };
    if (Object.keys(patch).length === 0) return locked;
    return (await repo.updateAddress(tx, userId, id, patch))!;
  });
  return repo.toAddressDto(row);
}

/**
 * `DELETE /v1/me/addresses/:id`: deletes a place and answers the remaining ones. When it was
 * the default, the newest remaining place becomes the default in the same transaction.
 * @throws AppError 404 `address_not_found` (also for someone else's place).
 */
export async function removePlace(
  { db }: Pick<PlacesDeps, 'db'>,
  userId: string,
  id: string,
): Promise<SavedAddress[]> {
  await db.transaction(async (tx) => {
    if (!(await lockAccount(tx, userId))) throw msg.accountGone();
    const deleted = await repo.deleteAddress(tx, userId, id);
    if (!deleted) throw msg.placeNotFound();
    if (!deleted.isDefault) return;
    const next = await repo.newestAddress(tx, userId);
    if (next) await repo.updateAddress(tx, userId, next.id, { isDefault: true });
  });
  return listPlaces({ db }, userId);
}
