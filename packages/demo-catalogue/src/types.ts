/**
 * The shape of the demo catalogue. Pictures are SVG markup drawn in code (no network, no
 * binary assets): the seeder renders each to PNG and sends it through the same image
 * pipeline as an upload.
 */
/** The units the demo uses: a subset of the shared SPEC_UNITS (this package depends on nothing). */
export type SeedUnit = 'mm' | 'kg' | 'kW' | 'HP' | 'rpm' | 'bar' | 'L' | 'V' | 'μm' | 'mm/min' | 'm/min' | '°';

/** A row: text only, or a number (with its unit) and the text as a remark (decision 031). */
export interface SeedSpecification {
  key: string;
  value: string;
  number?: number;
  unit?: SeedUnit | null;
}

/** The seeded machine categories (the migration creates them): slugs. */
export type SeedMachineCategory = 'capstan-lathe' | 'cnc-lathe' | 'turret-lathe';

/** A function so that the markup is built only when the database is actually seeded. */
export type SeedPicture = () => string;

export interface SeedMachine {
  name: string;
  /** Model code, unique among machines; spare parts name it in `fits`. */
  code: string;
  category: SeedMachineCategory;
  description: string;
  /** null: the company's own make, shown with the company's current name. */
  brand: string | null;
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
  /** Part number, unique among parts. */
  code: string;
  /** The codes of the machines it fits (1–4). */
  fits: string[];
  description: string;
  price: number | null;
  specifications: SeedSpecification[];
  featured: boolean;
  pictures: SeedPicture[];
}

export interface SeedService {
  name: string;
  code: string;
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
