/**
 * The shape of the demo catalogue. Pictures are SVG markup drawn in code (no network, no
 * binary assets): the seeder renders each to PNG and sends it through the same image
 * pipeline as an upload.
 */
export interface SeedSpecification {
  key: string;
  value: string;
}

/** A function so that the markup is built only when the database is actually seeded. */
export type SeedPicture = () => string;

export interface SeedMachine {
  name: string;
  description: string;
  brand: string;
  /** Whole rupees. */
  price: number | null;
  originalPrice: number | null;
  rating: number;
  reviewCount: number;
  features: string[];
  specifications: SeedSpecification[];
  featured: boolean;
  pictures: SeedPicture[];
}

export interface SeedSparePart {
  name: string;
  description: string;
  price: number | null;
  specifications: SeedSpecification[];
  featured: boolean;
  pictures: SeedPicture[];
}

export interface SeedService {
  name: string;
  description: string;
  specification: SeedSpecification[];
  featured: boolean;
  pictures: SeedPicture[];
}

export interface DemoCatalogue {
  machines: SeedMachine[];
  spareParts: SeedSparePart[];
  services: SeedService[];
}
