import type { Readable } from 'node:stream';
import sharp from 'sharp';
import { type CompanySettings, gstinStateCode } from '@capstan/shared';
import type { AppContext } from '../../app-context';
import { imageIdFromUrl } from '../images/image-store';
import { LARGE_VARIANT, variantFileName } from '../images/image-variants';
import type { QuotationSeller } from './quotation-document';

async function bytesOf(body: Readable | Buffer): Promise<Buffer> {
  if (Buffer.isBuffer(body)) return body;
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

/**
 * The company's logo as PNG (uploads are WebP, which PDF writers do not read); null when there is
 * none or it cannot be read: a quotation without its logo is better than no quotation.
 */
async function logoPng(ctx: AppContext, company: CompanySettings): Promise<Buffer | null> {
  const id = company.logo ? imageIdFromUrl(company.logo.url) : null;
  if (!id) return null;
  try {
    const file = await ctx.images.open(variantFileName(id, LARGE_VARIANT));
    return file
      ? await sharp(await bytesOf(file.body()))
          .png()
          .toBuffer()
      : null;
  } catch {
    return null;
  }
}

/** The seller a quotation's PDF prints, from Site → Company as it is now. */
export async function quotationSeller(ctx: AppContext, company: CompanySettings): Promise<QuotationSeller> {
  const bank = Object.values(company.bank).every((value) => value === '') ? null : company.bank;
  return {
    name: company.name,
    addressLines: company.address.lines,
    gstin: company.gstin,
    stateCode: gstinStateCode(company.gstin) ?? '',
    phones: company.phones.map((phone) => phone.number),
    email: company.email,
    website: ctx.config.publicUrl,
    logo: await logoPng(ctx, company),
    bank,
    upiId: company.upiId,
  };
}
