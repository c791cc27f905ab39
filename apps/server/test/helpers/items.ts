import type { TestApp } from './test-app';
import { bearer } from './test-app';
import { type MultipartFile, multipart } from './multipart';
import { pngImage } from './images';

export const machineFields = (overrides: Record<string, string> = {}): Record<string, string> => ({
  name: 'CL-25 All-Geared Capstan Lathe',
  description: 'A rigid all-geared capstan lathe for bar work up to 25 mm.',
  category: 'machine',
  specifications: JSON.stringify({ 'Bar Capacity': '25 mm', 'Spindle Speed': '60-2000 rpm', 'Motor Power': '3 HP' }),
  featured: 'false',
  ...overrides,
});

export const partFields = (overrides: Record<string, string> = {}): Record<string, string> => ({
  name: 'Spring Collet 20 mm',
  description: 'Hardened spring steel collet for capstan lathes.',
  specifications: JSON.stringify({ Material: 'EN-31 spring steel', Bore: '20 mm' }),
  featured: 'false',
  price: '1850',
  ...overrides,
});

export async function pngFile(name = 'photo.png', color = '#1e40af'): Promise<MultipartFile> {
  return { name, type: 'image/png', data: await pngImage(64, 48, color) };
}

export async function sendForm(
  t: TestApp,
  token: string | null,
  method: 'POST' | 'PUT',
  url: string,
  fields: Record<string, string>,
  files: readonly MultipartFile[] = [],
) {
  const body = await multipart(fields, files);
  return t.app.inject({
    method,
    url,
    payload: body.payload,
    headers: { ...body.headers, ...(token ? bearer(token) : {}) },
  });
}

export async function createMachine(
  t: TestApp,
  token: string,
  overrides: Record<string, string> = {},
  files: readonly MultipartFile[] = [],
): Promise<{ id: string; images: string[] } & Record<string, unknown>> {
  const response = await sendForm(t, token, 'POST', '/api/products', machineFields(overrides), files);
  if (response.statusCode !== 201) throw new Error(`create machine: ${response.statusCode} ${response.body}`);
  return response.json();
}

export async function createPart(
  t: TestApp,
  token: string,
  overrides: Record<string, string> = {},
  files: readonly MultipartFile[] = [],
): Promise<{ id: string; images: string[] } & Record<string, unknown>> {
  const response = await sendForm(t, token, 'POST', '/api/spareparts', partFields(overrides), files);
  if (response.statusCode !== 201) throw new Error(`create part: ${response.statusCode} ${response.body}`);
  return response.json();
}

export async function uploadImages(t: TestApp, token: string, files: readonly MultipartFile[]): Promise<string[]> {
  const body = await multipart({}, files);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/upload-images',
    payload: body.payload,
    headers: { ...body.headers, ...bearer(token) },
  });
  if (response.statusCode !== 201) throw new Error(`upload: ${response.statusCode} ${response.body}`);
  return (response.json() as { imageUrls: string[] }).imageUrls;
}
