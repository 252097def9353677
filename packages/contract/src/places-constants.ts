/**
 * Constants of saved places and geocoding, without zod: the web app's entry imports
 * them (the saved-places cap, country codes), and a module with schemas would bring zod into the
 * first load (see routes.ts for the same split).
 */

/**
 * ISO 3166-1 alpha-2 codes of the 249 officially assigned countries and territories, plus `XK`
 * (Kosovo, user-assigned but used by GeoNames, the source of our city dataset).
 */
export const COUNTRY_CODES = (
  'AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR ' +
  'BS BT BV BW BY BZ CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ DE DJ DK DM DO DZ ' +
  'EC EE EG EH ER ES ET FI FJ FK FM FO FR GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW ' +
  'GY HK HM HN HR HT HU ID IE IL IM IN IO IQ IR IS IT JE JM JO JP KE KG KH KI KM KN KP KR KW KY ' +
  'KZ LA LB LC LI LK LR LS LT LU LV LY MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV ' +
  'MW MX MY MZ NA NC NE NF NG NI NL NO NP NR NU NZ OM PA PE PF PG PH PK PL PM PN PR PS PT PW PY ' +
  'QA RE RO RS RU RW SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ TC TD TF TG ' +
  'TH TJ TK TL TM TN TO TR TT TV TW TZ UA UG UM US UY UZ VA VC VE VG VI VN VU WF WS XK YE YT ZA ' +
  'ZM ZW'
).split(' ');

/** Most suggestions `GET /v1/geocode` answers; `limit` defaults to {@link GEOCODE_DEFAULT_LIMIT}. */
export const GEOCODE_MAX_LIMIT = 20;

/** Suggestions `GET /v1/geocode` answers when no `limit` is given. */
export const GEOCODE_DEFAULT_LIMIT = 8;

/** How far (km) `GET /v1/geocode/reverse` looks for a city around the point. */
export const REVERSE_GEOCODE_MAX_KM = 50;

/** Most saved places one account may keep. */
export const MAX_SAVED_PLACES = 20;
