export { LandingPage, type LandingPageProps } from './components/landing-page';
// The same bar heads every public page (composed by the public layout in app/).
export { LandingNav, type LandingNavProps } from './components/landing-nav';
