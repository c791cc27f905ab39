export interface MultipartFile {
  name: string;
  type: string;
  data: Buffer;
}

/** Encodes fields and `images` files the way a browser's FormData would. */
export async function multipart(
  fields: Record<string, string>,
  files: readonly MultipartFile[] = [],
  fileField = 'images',
): Promise<{ payload: Buffer; headers: Record<string, string> }> {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.append(key, value);
  for (const file of files) form.append(fileField, new Blob([file.data], { type: file.type }), file.name);
  const response = new Response(form);
  return {
    payload: Buffer.from(await response.arrayBuffer()),
    headers: { 'content-type': response.headers.get('content-type') ?? '' },
  };
}
