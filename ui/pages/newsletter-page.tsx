/**
 * The newsletter page (`/en/newsletter`): its content model, with the sign-up form below the hero
 * and, when opened from a newsletter e-mail's link, what became of that link.
 */
import { ContentScreen, prepareContent } from '../content/content-screen';
import { NewsletterSignup } from '../newsletter/newsletter-signup';

const NewsletterPage = () => (
  <ContentScreen routeId="newsletter" afterHero={<NewsletterSignup />} />
);

export const prepare = prepareContent;

export default NewsletterPage;
