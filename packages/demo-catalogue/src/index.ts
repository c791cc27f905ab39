/**
 * The demo catalogue a fresh install is seeded with: items, their texts (also in Tamil and Hindi)
 * and their pictures, drawn in code as SVG. It knows nothing of the server: the server's seed
 * stores the rows and renders the pictures through its own image pipeline.
 */
export { demoCatalogue, OWN_MAKE } from './catalogue';
export {
  DEMO_CATEGORY_NAMES,
  DEMO_SPECIFICATION_LABELS,
  DEMO_TRANSLATIONS,
  type SeedTranslation,
} from './translations';
export type {
  DemoCatalogue,
  SeedMachine,
  SeedMachineCategory,
  SeedPicture,
  SeedService,
  SeedSparePart,
  SeedSpecification,
} from './types';
