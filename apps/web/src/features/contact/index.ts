export { ContactSection } from './components/contact-section';
