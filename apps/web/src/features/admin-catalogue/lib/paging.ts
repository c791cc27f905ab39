/** Pages of at least one, so an empty list still has a page 1 to sit on. */
export const pageCountOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

export const offsetOf = (page: number, pageSize: number) => (page - 1) * pageSize;
