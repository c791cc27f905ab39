import type { Resolver } from 'react-hook-form';
import type * as validatorsModule from './validators';
import type { MyMachineCodeRequest, ServiceRequestFormValues, ServiceRequestInput } from '@capstan/shared';

type Validators = typeof validatorsModule;

let validators: Promise<Validators> | null = null;

/**
 * Downloads zod, its resolver and the schemas, which stay out of the page's chunk. Called on the
 * first focus of a field so validation is usually ready by submit; a failed download is forgotten
 * so the next call retries.
 */
export function preloadValidators(): Promise<Validators> {
  validators ??= import('./validators').catch((error: unknown) => {
    validators = null;
    throw error;
  });
  return validators;
}

/** The first step's fields, as typed. */
export interface CodeRequestValues {
  serial: string;
  phone: string;
}

/** The code step's one field. */
export interface CodeValues {
  code: string;
}

export const lazyServiceRequestResolver: Resolver<ServiceRequestFormValues, unknown, ServiceRequestInput> = async (
  values,
  context,
  options,
) => (await preloadValidators()).serviceRequestResolver(values, context, options);

export const lazyCodeRequestResolver: Resolver<CodeRequestValues, unknown, MyMachineCodeRequest> = async (
  values,
  context,
  options,
) => (await preloadValidators()).codeRequestResolver(values, context, options);

export const lazyCodeResolver: Resolver<CodeValues, unknown, CodeValues> = async (values, context, options) =>
  (await preloadValidators()).codeResolver(values, context, options);
