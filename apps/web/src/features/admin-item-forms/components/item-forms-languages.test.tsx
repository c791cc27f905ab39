import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STALE_EDIT_MESSAGE } from '@capstan/shared';
import { buildMachine, buildService } from '@/testing/fixtures';
import { adminTranslatorFor } from '@/testing/locale';
import { server } from '@/testing/mocks/server';
import { renderForm, setUpFormTests, spyToasts, stubObjectUrls } from './test-harness';

setUpFormTests();

beforeEach(() => {
  localStorage.setItem('adminToken', 'token-1');
  stubObjectUrls();
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the item forms in Tamil', () => {
  it('labels the machine form, its specifications, terms and pictures in Tamil', async () => {
    const { user } = renderForm('/admin/products/add', { locale: 'ta' });

    expect(screen.getByRole('heading', { name: 'புதிய மெஷினைச் சேர்' })).toBeInTheDocument();
    expect(screen.queryByText('Add New Machine')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'தயாரிப்புகளுக்குத் திரும்பு' })).toBeInTheDocument();
    expect(screen.getByLabelText('பெயர்')).toBeInTheDocument();
    expect(screen.getByLabelText('பிராண்ட் (கட்டாயமில்லை)')).toBeInTheDocument();
    expect(screen.getByLabelText('விலை ₹-இல் (கட்டாயமில்லை)')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'விவரக்குறிப்பு 1: பெயர்' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'விவரக்குறிப்பு 4-ஐ நீக்கு' })).toBeInTheDocument();
    expect(screen.getByText('6 படங்களில் 0 உள்ளன.')).toBeVisible();
    // The kind's default terms, in the words the public pages use.
    expect(
      await screen.findByRole('option', { name: 'இயல்புநிலை (ஆர்டரின் பேரில் தயாரிப்பு: 4-6 வாரங்கள்)' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'கையிருப்பில் உள்ளது' })).toBeInTheDocument();
    expect(screen.getByLabelText('வாரண்டி (மாதங்களில்)')).toHaveAttribute('placeholder', 'இயல்புநிலை: 24 மாத வாரண்டி');
    expect(screen.getByRole('option', { name: 'வகைப்படுத்தப்படாதது' })).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'விவரக்குறிப்பு 1: பெயர்' }), 'Bore');
    await user.type(screen.getByRole('textbox', { name: 'விவரக்குறிப்பு 1: எண்' }), '40');
    expect(screen.getByText(/^இப்படித் தெரியும்:/)).toHaveTextContent('இப்படித் தெரியும்: 40');
    expect(screen.queryByText(/Shows as/)).not.toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'ரத்து செய்' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'மெஷினைச் சேர்' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add Machine' })).not.toBeInTheDocument();
  });

  it('says why a save is refused in Tamil', async () => {
    const shown = spyToasts();
    const { user } = renderForm('/admin/products/add', { locale: 'ta' });
    await user.type(screen.getByLabelText('பெயர்'), 'CL-40');
    await user.type(screen.getByLabelText('விளக்கம்'), 'A capstan lathe.');
    await user.type(screen.getByRole('textbox', { name: 'விவரக்குறிப்பு 1: பெயர்' }), 'Bore');
    await user.type(screen.getByRole('textbox', { name: 'விவரக்குறிப்பு 1: மதிப்பு' }), '40 mm');
    // Blank after trimming: passes the browser's `required`, not the form's own check.
    await user.type(screen.getByRole('textbox', { name: 'விவரக்குறிப்பு 2: பெயர்' }), '   ');
    await user.type(screen.getByRole('textbox', { name: 'விவரக்குறிப்பு 2: மதிப்பு' }), 'x');
    await user.click(screen.getByRole('button', { name: 'மெஷினைச் சேர்' }));

    expect(shown).toHaveBeenCalledWith('குறைந்தது 2 விவரக்குறிப்புகளை முழுமையாக (பெயரும் மதிப்பும்) கொடுக்கவும்.');
    expect(shown).not.toHaveBeenCalledWith('Please provide at least 2 complete specifications (key and value).');
  });

  it('shows a stale save of a machine in Tamil, with the delete and reload buttons', async () => {
    const shown = spyToasts();
    const specificationList = [
      { key: 'Bore', value: '25 mm' },
      { key: 'Motor', value: '3 HP' },
    ];
    server.use(
      http.get('/api/products/m-1', () =>
        HttpResponse.json(buildMachine({ id: 'm-1', name: 'CL-25', specificationList })),
      ),
      http.put('/api/products/m-1', () => HttpResponse.json({ message: STALE_EDIT_MESSAGE }, { status: 409 })),
    );
    const { user } = renderForm('/admin/products/edit/m-1', { locale: 'ta' });
    expect(screen.getByRole('heading', { name: 'மெஷினைத் திருத்து' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'நீக்கு' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'மெஷினை அப்டேட் செய்' }));

    const stale = adminTranslatorFor('ta').t('adminItemForms.staleEdit');
    const notice = (await screen.findByText(stale)).closest('[role="alert"]') as HTMLElement;
    expect(within(notice).getByRole('button', { name: 'மீண்டும் ஏற்று' })).toBeInTheDocument();
    expect(screen.queryByText(STALE_EDIT_MESSAGE)).not.toBeInTheDocument();
    expect(shown).toHaveBeenCalledWith(`மெஷினை அப்டேட் செய்வதில் பிழை: ${stale}`);
  });
});

describe('the item forms in Hindi', () => {
  it('labels the spare-part form and its Fits picker in Hindi', async () => {
    renderForm('/admin/spareparts/add', { locale: 'hi' });

    expect(screen.getByRole('heading', { name: 'नया स्पेयर पार्ट जोड़ें' })).toBeInTheDocument();
    expect(screen.queryByText('Add New Spare Part')).not.toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'इन मशीनों में लगता है' })).toBeInTheDocument();
    expect(screen.getByText('कोई मशीन नहीं चुनी गई।')).toBeInTheDocument();
    expect(screen.getByLabelText('मशीन खोजें')).toHaveAttribute('placeholder', 'नाम या कोड, जैसे NP-38');
    expect(await screen.findByRole('button', { name: 'NP-38 Capstan Lathe (NP-38) जोड़ें' })).toBeInTheDocument();
    expect(screen.getByLabelText('कोड (वैकल्पिक)')).toBeInTheDocument();
    expect(screen.getByText(/^जैसे NP38-COL-25।/)).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'डिलीवरी और वारंटी' })).toBeInTheDocument();
    expect(await screen.findByRole('option', { name: 'डिफ़ॉल्ट (स्टॉक में है)' })).toBeInTheDocument();
    expect(screen.getByLabelText('फ़ीचर्ड')).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'स्पेयर पार्ट जोड़ें' })).toBeInTheDocument();
    expect(screen.queryByText('Fits')).not.toBeInTheDocument();
  });

  it('edits a service in Hindi and tells of a stale save in Hindi', async () => {
    const shown = spyToasts();
    server.use(
      http.get('/api/services/svc-1', () =>
        HttpResponse.json(buildService({ id: 'svc-1', name: 'Installation', specificationList: [] })),
      ),
      http.put('/api/services/svc-1/full', () => HttpResponse.json({ message: STALE_EDIT_MESSAGE }, { status: 409 })),
    );
    const { user } = renderForm('/admin/services/edit/svc-1', { locale: 'hi' });

    expect(screen.getByRole('heading', { name: 'सर्विस एडिट करें' })).toBeInTheDocument();
    expect(await screen.findByRole('group', { name: 'स्पेसिफ़िकेशन (वैकल्पिक)' })).toBeInTheDocument();
    expect(screen.getByLabelText('स्पेसिफ़िकेशन का नाम')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'जोड़ें' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'सर्विस अपडेट करें' }));

    const stale = 'इस आइटम को इस बीच किसी और ने बदल दिया है — नया वर्ज़न देखने के लिए फिर से लोड करें।';
    expect(await screen.findByText(stale)).toBeInTheDocument();
    await waitFor(() => expect(shown).toHaveBeenCalledWith(`सर्विस अपडेट नहीं हो सकी: ${stale}`));
    expect(screen.queryByText(/Update Service|Specifications/)).not.toBeInTheDocument();
  });
});

describe('the English conflict notice', () => {
  it('says what the server says when it refuses a stale save', () => {
    expect(adminTranslatorFor('en').t('adminItemForms.staleEdit')).toBe(STALE_EDIT_MESSAGE);
  });
});
