import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { inLocale } from '@/testing/locale';
import { renderWithProviders } from '@/testing/test-utils';
import { ContactForm } from './contact-form';

const field = (label: RegExp) => screen.getByLabelText(label);

describe('the contact form in Tamil', () => {
  it('says what is wrong in Tamil, not in the schema’s English', async () => {
    renderWithProviders(<ContactForm />, { wrapper: inLocale('ta') });
    const user = userEvent.setup({ delay: null });
    await user.type(field(/^முதல் பெயர்/), 'முருகன்');
    await user.type(field(/^கடைசி பெயர்/), 'செல்வம்');
    await user.type(field(/^மின்னஞ்சல்/), 'murugan@example.in');
    await user.type(field(/^தொலைபேசி எண்/), 'call me');
    await user.type(field(/^செய்தி/), 'இரண்டு லேத் வேண்டும்');
    await user.click(screen.getByRole('button', { name: 'செய்தி அனுப்பு' }));

    const phone = field(/^தொலைபேசி எண்/);
    await waitFor(() => expect(phone).toHaveAttribute('aria-invalid', 'true'));
    expect(phone).toHaveAccessibleDescription('சரியான தொலைபேசி எண்ணை உள்ளிடவும்');
    expect(screen.queryByText('Enter a valid phone number')).not.toBeInTheDocument();
  });
});
