import { HomeHero } from './home-hero';
import { HomeCategories, HomeCta, HowItWorks, TrustSection } from './home-sections';

/** Public home: hero with search, categories, how it works, trust, call to action. */
export function HomePage() {
  return (
    <>
      <HomeHero />
      <HomeCategories />
      <HowItWorks />
      <TrustSection />
      <HomeCta />
    </>
  );
}
