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

/** "/": the marketing page, its sections in the order of docs/product.md#landing-page. */
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
