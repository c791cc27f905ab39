export { ContactSection } from './components/contact-section';
export { ContactForm } from './components/contact-form';
