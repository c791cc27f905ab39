import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ITEM_TERMS, ITEM_TERMS_URL, type MachineCategory } from '@capstan/shared';
import { paths, routePatterns } from '@/config/paths';
import { buildMachine, buildService, buildSparePart } from '@/testing/fixtures';
import { inAdminLocale } from '@/testing/locale';
import { pendingReviewsHandler } from '@/testing/mocks/admin-reviews';
import { meHandler } from '@/testing/mocks/me';
import { server } from '@/testing/mocks/server';
import { renderWithProviders } from '@/testing/test-utils';
import { pagedListHandler, summaryOf } from '../testing/list-api';
import { translationGapsHandler } from '../testing/translation-gaps-api';
import { FeaturedProductsScreen } from './featured-products-screen';
import { ItemTermsScreen } from './item-terms-screen';
import { MachineCategoriesScreen } from './machine-categories-screen';
import { ProductManagementScreen } from './product-management-screen';
import { findModalDialog } from '@/testing/find-dialog';

const machines = [
  buildMachine({ id: 'm-1', name: 'Capstan CL-25', featured: true, category: 'machine' }),
  buildMachine({ id: 'm-2', name: 'Turret TL-9', featured: false, category: '' }),
];
const spares = [buildSparePart({ id: 'p-1', name: 'Collet 20', featured: false })];
const services = [buildService({ id: 's-1', name: 'Installation', featured: true })];

beforeEach(() => {
  localStorage.setItem('adminToken', 'token-1');
  const featured = <T extends { featured: boolean }>(items: T[]) => HttpResponse.json(items.filter((i) => i.featured));
  server.use(
    meHandler(),
    pendingReviewsHandler(),
    translationGapsHandler(),
    http.get('/api/products/featured', () => featured(machines)),
    http.get('/api/spareparts/featured', () => featured(spares)),
    http.get('/api/services/featured', () => featured(services)),
    pagedListHandler('/api/products', machines),
    pagedListHandler('/api/spareparts', spares),
    pagedListHandler('/api/services', services),
    http.get('/api/catalogue/summary', () => HttpResponse.json(summaryOf({ products: machines, spares, services }))),
    http.get('/api/machine-categories', () =>
      HttpResponse.json([
        { slug: 'capstan-lathe', name: 'Capstan lathe', machineCount: 4 },
        { slug: 'bar-feeder', name: 'Bar feeder', machineCount: 0 },
      ] satisfies MachineCategory[]),
    ),
    http.get(ITEM_TERMS_URL, () => HttpResponse.json({ ...DEFAULT_ITEM_TERMS, updatedAt: '2026-11-24T00:00:00.000Z' })),
  );
});

const productManagement = (
  <Routes>
    <Route path={routePatterns.admin.products} element={<ProductManagementScreen />} />
  </Routes>
);
const featuredProducts = (
  <Routes>
    <Route path={routePatterns.admin.featuredProducts} element={<FeaturedProductsScreen />} />
  </Routes>
);

describe('Catalogue screens in Tamil', () => {
  const wrapper = inAdminLocale('ta');

  it('product management: tabs, list texts and paging', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(productManagement, { url: paths.admin.products, wrapper });
    expect(screen.getByRole('heading', { level: 1, name: 'தயாரிப்பு நிர்வாகம்' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['மெஷின்கள்', 'உதிரி பாகங்கள்', 'சேவைகள்']);
    expect(await screen.findByText('Capstan CL-25')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'புதிய மெஷின் சேர்' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'மெஷினைத் திருத்து' })).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Capstan CL-25-ஐ நீக்கு' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'மெஷின்களைத் தேடு' })).toBeInTheDocument();
    expect(screen.getByText('மொத்தம் 2-இல் 1–2 காட்டப்படுகிறது')).toBeInTheDocument();
    expect(screen.queryByText('Add New Machine')).not.toBeInTheDocument();
    expect(screen.queryByText(/Showing/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Capstan CL-25-ஐ நீக்கு' }));
    const dialog = await findModalDialog();
    expect(within(dialog).getByText('பொருளை நீக்கு')).toBeInTheDocument();
    expect(within(dialog).queryByText(/This removes it/)).not.toBeInTheDocument();
  });

  it('featured products: header, counters, table and landing page order', async () => {
    renderWithProviders(featuredProducts, { url: paths.admin.featuredProducts, wrapper });
    expect(screen.getByRole('heading', { level: 1, name: 'சிறப்புத் தயாரிப்புகள்' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'மாற்றங்களைச் சேமி' })).toBeInTheDocument();
    expect(await screen.findByRole('checkbox', { name: 'சிறப்புத் தேர்வு: Turret TL-9' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'சிறப்புத் தேர்வு',
      'பெயர்',
      'வகை',
      'பிரிவு',
      'விளக்கம்',
    ]);
    // A machine without a category of its own shows the kind, in Tamil; a real one stays as entered.
    const turret = screen.getByRole('rowheader', { name: 'Turret TL-9' }).closest('tr')!;
    expect(within(turret).getByText('மெஷின்', { selector: 'td' })).toBeInTheDocument();
    expect(screen.getByText('மொத்தத் தயாரிப்புகள்')).toBeInTheDocument();
    expect(await screen.findByRole('list', { name: 'முகப்புப் பக்க வரிசையில் சிறப்புத் தயாரிப்புகள்' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Installation-ஐ கீழே நகர்த்து' })).toBeInTheDocument();
    expect(screen.queryByText('All Products')).not.toBeInTheDocument();
    expect(screen.queryByText('Landing page order')).not.toBeInTheDocument();
  });

  it('machine categories: counts, actions and the delete explanation', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(<MachineCategoriesScreen />, { wrapper });
    expect(screen.getByRole('heading', { level: 1, name: 'மெஷின் வகைகள்' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /4 மெஷின்கள்/ })).toBeInTheDocument();
    expect(screen.getByText('மெஷின்கள் இல்லை')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'வகையைச் சேர்' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Capstan lathe-ஐ நீக்கு' }));
    expect(
      await screen.findByText(
        'Capstan lathe வகையில் இன்னும் 4 மெஷின்கள் உள்ளன. முதலில் அவற்றின் படிவங்களில் வேறு வகைக்கு மாற்றுங்கள்.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/No machines/)).not.toBeInTheDocument();
  });

  it('delivery and warranty: labels, options and the preview in the pages’ Tamil', async () => {
    renderWithProviders(<ItemTermsScreen />, { wrapper });
    const machinesGroup = within(await screen.findByRole('group', { name: 'மெஷின்கள்' }));
    expect(screen.getByRole('heading', { level: 1, name: 'டெலிவரி மற்றும் வாரண்டி' })).toBeInTheDocument();
    expect(machinesGroup.getByLabelText('அதிகபட்சம் (வாரங்கள்)')).toBeInTheDocument();
    expect(machinesGroup.getByText('24 மாத வாரண்டி', { exact: false })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'இயல்புநிலைகளைச் சேமி' })).toBeInTheDocument();
    expect(screen.queryByText(/24-month warranty/)).not.toBeInTheDocument();
    expect(screen.queryByText('Save defaults')).not.toBeInTheDocument();
  });
});

describe('Catalogue screens in Hindi', () => {
  const wrapper = inAdminLocale('hi');

  it('product management: tabs and list texts', async () => {
    renderWithProviders(productManagement, { url: paths.admin.products, wrapper });
    expect(screen.getByRole('heading', { level: 1, name: 'प्रोडक्ट मैनेजमेंट' })).toBeInTheDocument();
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['मशीनें', 'स्पेयर पार्ट्स', 'सेवाएँ']);
    expect(await screen.findByText('Capstan CL-25')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'नई मशीन जोड़ें' })).toBeInTheDocument();
    expect(screen.getByText('चुनिंदा')).toBeInTheDocument();
    expect(screen.getByText('कुल 2 में से 1–2 दिखाए जा रहे हैं')).toBeInTheDocument();
    expect(screen.queryByText('Product Management')).not.toBeInTheDocument();
  });

  it('featured products: header, unsaved changes and the type switch', async () => {
    const user = userEvent.setup({ delay: null });
    renderWithProviders(featuredProducts, { url: paths.admin.featuredProducts, wrapper });
    expect(screen.getByRole('heading', { level: 1, name: 'चुनिंदा प्रोडक्ट्स' })).toBeInTheDocument();
    await user.click(await screen.findByRole('checkbox', { name: 'चुनिंदा: Turret TL-9' }));
    expect(screen.getByText('1 बदलाव सेव नहीं हुआ')).toBeInTheDocument();
    const types = within(screen.getByRole('group', { name: 'प्रोडक्ट का प्रकार' }));
    await user.click(types.getByRole('button', { name: 'स्पेयर पार्ट्स' }));
    expect(await screen.findByRole('rowheader', { name: 'Collet 20' })).toBeInTheDocument();
    expect(screen.getByText('स्पेयर पार्ट', { selector: 'td' })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'स्पेयर पार्ट्स खोजें' })).toBeInTheDocument();
    expect(screen.queryByText(/unsaved change/)).not.toBeInTheDocument();
  });

  it('machine categories and delivery and warranty', async () => {
    const { unmount } = renderWithProviders(<MachineCategoriesScreen />, { wrapper });
    expect(await screen.findByRole('link', { name: /4 मशीनें/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Bar feeder का नाम बदलें' })).toBeInTheDocument();
    expect(screen.queryByText('Rename')).not.toBeInTheDocument();
    unmount();

    renderWithProviders(<ItemTermsScreen />, { wrapper });
    const parts = within(await screen.findByRole('group', { name: 'स्पेयर पार्ट्स' }));
    expect(parts.getByRole('option', { name: 'स्टॉक में है' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'डिफ़ॉल्ट सेव करें' })).toBeInTheDocument();
    expect(screen.queryByText('Availability')).not.toBeInTheDocument();
  });
});
