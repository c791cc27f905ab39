export * from './company';
export * from './constants';
export * from './schemas/common';
export * from './schemas/items';
export * from './schemas/auth';
export * from './schemas/inquiries';
export * from './types';
export * from './ssr';
