/** GST: the GSTIN check, HSN/SAC codes, rates and defaults, tax by place of supply, amounts in words (decision 075). */
export * from './gstin';
export * from './hsn';
export * from './rates';
export * from './defaults';
export * from './tax';
export * from './amount-in-words';
export * from './state-names';
