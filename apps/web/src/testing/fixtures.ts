import type { Machine, Service, SparePart } from '@capstan/shared';

let sequence = 0;
const nextId = () => {
  sequence += 1;
  return `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
};

const timestamps = { createdAt: '2025-01-01T00:00:00.000Z', updatedAt: '2025-01-01T00:00:00.000Z' };

export function buildMachine(overrides: Partial<Machine> = {}): Machine {
  return {
    id: nextId(),
    name: 'Capstan Lathe CL-25',
    description: 'Heavy-duty capstan lathe for repetitive turning work.',
    featured: true,
    images: [],
    imageUrl: null,
    media: [],
    category: 'machine',
    brand: null,
    price: null,
    originalPrice: null,
    rating: null,
    reviewCount: null,
    features: [],
    hsnCode: '8458',
    gstRate: 18,
    specifications: {},
    specificationList: [],
    ...timestamps,
    ...overrides,
  };
}

export function buildSparePart(overrides: Partial<SparePart> = {}): SparePart {
  return {
    id: nextId(),
    name: 'Collet chuck',
    description: 'Replacement collet chuck.',
    featured: true,
    images: [],
    imageUrl: null,
    media: [],
    price: null,
    hsnCode: '8466',
    gstRate: 18,
    specs: {},
    specificationList: [],
    ...timestamps,
    ...overrides,
  };
}

export function buildService(overrides: Partial<Service> = {}): Service {
  return {
    id: nextId(),
    name: 'Annual maintenance',
    description: 'Preventive maintenance visits through the year.',
    featured: true,
    images: [],
    imageUrl: null,
    media: [],
    hsnCode: '9987',
    gstRate: 18,
    specification: {},
    specificationList: [],
    ...timestamps,
    ...overrides,
  };
}
