/**
 * The demo catalogue a fresh install is seeded with: items, their texts and their pictures,
 * drawn in code as SVG. It knows nothing of the server: the server's seed stores the rows and
 * renders the pictures through its own image pipeline.
 */
export { demoCatalogue, OWN_MAKE } from './catalogue';
export type { DemoCatalogue, SeedMachine, SeedPicture, SeedService, SeedSparePart, SeedSpecification } from './types';
