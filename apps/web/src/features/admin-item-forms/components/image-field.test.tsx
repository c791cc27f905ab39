import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useImageSelection } from '../lib/use-image-selection';
import { ImageField } from './image-field';

function Harness() {
  const selection = useImageSelection();
  return <ImageField selection={selection} onLimitExceeded={vi.fn()} />;
}

const file = (name: string, type: string, bytes = 16) => new File([new Uint8Array(bytes)], name, { type });

describe('ImageField refusals', () => {
  it('names each refused file and why, and adds only the others', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    // Not to upload; the field rejects on what the browser says (applyAccept off for the PDF).
    const user = userEvent.setup({ delay: null, applyAccept: false });
    render(<Harness />);
    const big = file('scan.png', 'image/png');
    Object.defineProperty(big, 'size', { value: 11 * 1024 * 1024 });
    await user.upload(screen.getByLabelText('Images'), [
      file('front.jpg', 'image/jpeg'),
      file('IMG_4711.HEIC', 'image/heic'),
      file('price list.pdf', 'application/pdf'),
      big,
    ]);

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent(
      'Not added: "IMG_4711.HEIC" is an iPhone HEIC photo, which we cannot read: send it as JPEG (on the iPhone: Settings → Camera → Formats → Most Compatible, or share the photo as JPEG)',
    );
    expect(alert).toHaveTextContent('Not added: "price list.pdf" is not an image we can read: send JPEG, PNG or WebP');
    expect(alert).toHaveTextContent('Not added: "scan.png" is larger than 10 MB: each image must be at most that');
    expect(screen.getAllByRole('img', { name: /New image/ }).map((img) => img.getAttribute('alt'))).toEqual([
      'New image front.jpg',
    ]);

    // The next choice replaces the message.
    await user.upload(screen.getByLabelText('Images'), [file('side.jpg', 'image/jpeg')]);
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(screen.getAllByRole('img', { name: /New image/ })).toHaveLength(2);
  });
});
