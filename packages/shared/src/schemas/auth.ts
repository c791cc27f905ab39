import { z } from 'zod';

export const loginInputSchema = z
  .object({
    email: z
      .string()
      .trim()
      .toLowerCase()
      .pipe(z.email({ message: 'Enter a valid email address' }))
      .pipe(z.string().max(254)),
    password: z.string().min(1, { message: 'Password is required' }).max(200),
  })
  .strict();
export type LoginInput = z.input<typeof loginInputSchema>;
