import { PublicFooter } from '../../components/PublicFooter';
import { PublicHeader } from '../../components/PublicHeader';
import { ComparisonSection } from './ComparisonSection';
import { FaqSection } from './FaqSection';
import { FeaturesSection } from './FeaturesSection';
import { FinalCtaSection } from './FinalCtaSection';
import { HeroSection } from './HeroSection';
import { MobileSection } from './MobileSection';
import { PricingSection } from './PricingSection';
import { ProblemSection } from './ProblemSection';
import { StoriesSection } from './StoriesSection';

/** SPEC §2 "/": the marketing page, in the order the spec lists its sections. */
export default function LandingPage() {
  return (
    <>
      <PublicHeader />
      <main>
        <HeroSection />
        <MobileSection />
        <ProblemSection />
        <StoriesSection />
        <FeaturesSection />
        <ComparisonSection />
        <PricingSection />
        <FaqSection />
        <FinalCtaSection />
      </main>
      <PublicFooter />
    </>
  );
}
