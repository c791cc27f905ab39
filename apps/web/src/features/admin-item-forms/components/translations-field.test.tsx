import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Machine } from '@capstan/shared';
import { buildMachine, buildService } from '@/testing/fixtures';
import { server } from '@/testing/mocks/server';
import { renderForm, setUpFormTests, spyToasts, stubObjectUrls } from './test-harness';

setUpFormTests();

beforeEach(() => {
  localStorage.setItem('adminToken', 'token-1');
  stubObjectUrls();
});
afterEach(() => vi.restoreAllMocks());

/** A machine with some Tamil and no Hindi, as the admin reads it (without `?lang`). */
const machine = buildMachine({
  id: 'm-1',
  name: 'Capstan Lathe CL-25',
  description: 'Heavy-duty capstan lathe.',
  features: ['Hardened bed', 'Quick-change tools'],
  specificationList: [
    { key: 'Bore', value: '25 mm' },
    { key: 'Motor', value: '3 HP' },
  ],
  translations: {
    ta: {
      name: 'கேப்ஸ்டன் லேத் CL-25',
      features: ['கடினமான படுக்கை'],
      specifications: { Bore: 'துளை' },
    },
  },
});

function captureMachineSave(reply: () => Response = () => HttpResponse.json(machine)) {
  const bodies: FormData[] = [];
  server.use(
    http.get('/api/products/m-1', () => HttpResponse.json(machine)),
    http.put('/api/products/m-1', async ({ request }) => {
      bodies.push(await request.formData());
      return reply();
    }),
  );
  return bodies;
}

const summaryOf = (name: string) => screen.getByText(name, { selector: 'summary span' }).closest('summary')!;

describe('the Tamil and Hindi section in the Tamil back office', () => {
  it('labels the section in Tamil and shows the stored translations', async () => {
    captureMachineSave();
    const { user } = renderForm('/admin/products/edit/m-1', { locale: 'ta' });

    const section = await screen.findByRole('group', { name: 'தமிழ், இந்தி (கட்டாயமில்லை)' });
    // Name, description, two features and two labels: the name, one feature and one label are in Tamil.
    expect(within(summaryOf('தமிழ்')).getByText('6-இல் 3 நிரப்பப்பட்டுள்ளன')).toBeInTheDocument();
    expect(within(summaryOf('இந்தி')).getByText('6-இல் 0 நிரப்பப்பட்டுள்ளன')).toBeInTheDocument();
    expect(screen.queryByText(/Tamil|Hindi|filled/)).not.toBeInTheDocument();

    await user.click(summaryOf('தமிழ்'));
    const name = within(section).getByLabelText('தமிழ்ப் பெயர்');
    expect(name).toBeVisible();
    expect(name).toHaveValue('கேப்ஸ்டன் லேத் CL-25');
    expect(name).toHaveAttribute('lang', 'ta');
    expect(name).toHaveAttribute('placeholder', 'Capstan Lathe CL-25');
    expect(within(section).getByLabelText('தமிழ் விளக்கம்')).toHaveValue('');
    expect(within(section).getByRole('group', { name: 'தமிழில் முக்கிய அம்சங்கள்' })).toBeInTheDocument();
    const feature1 = within(section).getByRole('textbox', { name: 'தமிழ் முக்கிய அம்சம் 1' });
    expect(feature1).toHaveValue('கடினமான படுக்கை');
    expect(feature1).toHaveAttribute('placeholder', 'Hardened bed');
    expect(within(section).getByRole('textbox', { name: 'தமிழ் முக்கிய அம்சம் 2' })).toHaveValue('');
    expect(within(section).getByRole('textbox', { name: 'Bore: தமிழ்ப் பெயர்' })).toHaveValue('துளை');
    expect(within(section).getByRole('textbox', { name: 'Motor: தமிழ்ப் பெயர்' })).toHaveAttribute('placeholder', 'Motor');

    const hindiName = within(section).getByLabelText('இந்திப் பெயர்');
    expect(hindiName).toHaveAttribute('lang', 'hi');
    expect(hindiName).not.toBeVisible();
  });
});

describe('saving the translations of a machine', () => {
  it('sends both languages whole as JSON text: typed, emptied and untouched fields', async () => {
    spyToasts();
    const bodies = captureMachineSave();
    const { user } = renderForm('/admin/products/edit/m-1');
    await user.click(await screen.findByText('Tamil', { selector: 'summary span' }));
    await user.click(screen.getByText('Hindi', { selector: 'summary span' }));

    await user.clear(screen.getByLabelText('Tamil name'));
    await user.type(screen.getByRole('textbox', { name: 'Tamil name for Motor' }), 'மோட்டார்');
    await user.type(screen.getByLabelText('Hindi description'), 'भारी काम की कैप्स्टन लेथ।');
    await user.type(screen.getByRole('textbox', { name: 'Hindi key feature 2' }), 'जल्दी बदलने वाले टूल');
    expect(within(summaryOf('Hindi')).getByText('2 of 6 filled')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Update Machine' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(JSON.parse(String(bodies[0]!.get('translations')))).toEqual({
      // The emptied name goes as '' (removed); the untouched feature and label go as they were.
      ta: {
        name: '',
        description: '',
        features: ['கடினமான படுக்கை'],
        specifications: { Bore: 'துளை', Motor: 'மோட்டார்' },
      },
      hi: {
        name: '',
        description: 'भारी काम की कैप्स्टन लेथ।',
        features: ['जल्दी बदलने वाले टूल'],
        specifications: null,
      },
    });
  });

  it('keeps a translated feature with its English one when the English is reordered', async () => {
    spyToasts();
    const bodies = captureMachineSave();
    const { user } = renderForm('/admin/products/edit/m-1');
    await user.click(await screen.findByRole('button', { name: 'Move key feature 1 down' }));
    await user.click(screen.getByText('Tamil', { selector: 'summary span' }));
    expect(screen.getByRole('textbox', { name: 'Tamil key feature 2' })).toHaveValue('கடினமான படுக்கை');
    expect(screen.getByRole('textbox', { name: 'Tamil key feature 1' })).toHaveAttribute(
      'placeholder',
      'Quick-change tools',
    );
    await user.type(screen.getByRole('textbox', { name: 'Tamil key feature 1' }), 'விரைவு மாற்றக் கருவிகள்');

    await user.click(screen.getByRole('button', { name: 'Update Machine' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(JSON.parse(String(bodies[0]!.get('features')))).toEqual(['Quick-change tools', 'Hardened bed']);
    expect(JSON.parse(String(bodies[0]!.get('translations'))).ta.features).toEqual([
      'விரைவு மாற்றக் கருவிகள்',
      'கடினமான படுக்கை',
    ]);
  });

  it('shows the server’s refusal of a Tamil text at its input, opening its language', async () => {
    const shown = spyToasts();
    captureMachineSave(() =>
      HttpResponse.json(
        {
          message: 'Name must be at most 200 characters',
          issues: [
            { path: ['translations', 'ta', 'name'], message: 'Name must be at most 200 characters' },
            { path: ['translations', 'ta', 'specifications', 'Bore'], message: 'Specification name is required' },
          ],
        },
        { status: 400 },
      ),
    );
    const { user } = renderForm('/admin/products/edit/m-1');
    const name = await screen.findByLabelText('Tamil name');
    expect(name).not.toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Update Machine' }));
    await waitFor(() => expect(name).toHaveAccessibleDescription('Name must be at most 200 characters'));
    expect(name).toBeVisible();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('textbox', { name: 'Tamil name for Bore' })).toHaveAccessibleDescription(
      'Specification name is required',
    );
    expect(screen.getByLabelText('Hindi name')).not.toBeVisible();
    expect(shown).toHaveBeenCalledWith('Error updating machine: Name must be at most 200 characters');

    // Editing the input takes its refusal away.
    await user.type(name, 'x');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText('Name must be at most 200 characters', { selector: 'p' })).not.toBeInTheDocument();
  });
});

describe('a spare part and a service', () => {
  it('gives a spare part no key features to translate and sends none', async () => {
    spyToasts();
    const bodies: FormData[] = [];
    server.use(
      http.post('/api/spareparts', async ({ request }) => {
        bodies.push(await request.formData());
        return HttpResponse.json({ id: 'p-1' } as Machine, { status: 201 });
      }),
    );
    const { user } = renderForm('/admin/spareparts/add');
    await user.type(screen.getByLabelText('Name'), 'Collet');
    await user.type(screen.getByLabelText('Description'), 'A collet.');
    await user.type(screen.getByRole('textbox', { name: 'Specification 1 name' }), 'Bore');
    await user.type(screen.getByRole('textbox', { name: 'Specification 1 value' }), '25 mm');
    await user.type(screen.getByRole('textbox', { name: 'Specification 2 name' }), 'Steel');
    await user.type(screen.getByRole('textbox', { name: 'Specification 2 value' }), 'EN-31');
    await user.click(screen.getByText('Hindi', { selector: 'summary span' }));
    expect(screen.queryByRole('group', { name: 'Key features in Hindi' })).not.toBeInTheDocument();
    // Only the rows with an English label get one.
    expect(within(summaryOf('Hindi')).getByText('0 of 4 filled')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Hindi name'), 'कॉलेट');
    await user.type(screen.getByRole('textbox', { name: 'Hindi name for Steel' }), 'स्टील');

    await user.click(screen.getByRole('button', { name: 'Add Spare Part' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect(JSON.parse(String(bodies[0]!.get('translations')))).toEqual({
      ta: { name: '', description: '', specifications: null },
      hi: { name: 'कॉलेट', description: '', specifications: { Steel: 'स्टील' } },
    });
  });

  it('prefills a service, sends its translations in the JSON body and places a refused label', async () => {
    const shown = spyToasts();
    const service = buildService({
      id: 'svc-1',
      name: 'Installation',
      specificationList: [{ key: 'Duration', value: '3 days' }],
      translations: { hi: { name: 'इंस्टॉलेशन', specifications: { Duration: 'अवधि' } } },
    });
    const bodies: unknown[] = [];
    server.use(
      http.get('/api/services/svc-1', () => HttpResponse.json(service)),
      http.put('/api/services/svc-1/full', async ({ request }) => {
        bodies.push(await request.json());
        return HttpResponse.json(
          {
            message: 'translations.hi.specifications.Duration: Specification name must be at most 100 characters',
            issues: [
              {
                path: ['translations', 'hi', 'specifications', 'Duration'],
                message: 'Specification name must be at most 100 characters',
              },
            ],
          },
          { status: 400 },
        );
      }),
    );
    const { user } = renderForm('/admin/services/edit/svc-1');
    expect(await screen.findByLabelText('Hindi name')).toHaveValue('इंस्टॉलेशन');
    expect(within(summaryOf('Hindi')).getByText('2 of 3 filled')).toBeInTheDocument();
    await user.click(screen.getByText('Tamil', { selector: 'summary span' }));
    await user.type(screen.getByLabelText('Tamil description'), 'நிறுவுதல்.');

    await user.click(screen.getByRole('button', { name: 'Update Service' }));
    await waitFor(() => expect(bodies).toHaveLength(1));
    expect((bodies[0] as { translations: unknown }).translations).toEqual({
      ta: { name: '', description: 'நிறுவுதல்.', specifications: null },
      hi: { name: 'इंस्टॉलेशन', description: '', specifications: { Duration: 'अवधि' } },
    });
    const label = screen.getByRole('textbox', { name: 'Hindi name for Duration' });
    await waitFor(() => expect(label).toHaveAccessibleDescription('Specification name must be at most 100 characters'));
    expect(label).toBeVisible();
    expect(shown).toHaveBeenCalledWith(
      'Failed to update service: translations.hi.specifications.Duration: Specification name must be at most 100 characters',
    );
  });
});
